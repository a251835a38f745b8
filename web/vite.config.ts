import { defineConfig } from 'vite';

// The dev server proxies the API and WebSocket to a running `mahjong serve` (default port 8080,
// or MAHJONG_SERVER=http://host:port), so `npm run dev` works against the real server.
const target = process.env.MAHJONG_SERVER ?? 'http://127.0.0.1:8080';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', emptyOutDir: true, assetsInlineLimit: 0, chunkSizeWarningLimit: 420 },
  server: {
    proxy: {
      '/api': { target, ws: true },
      '/play': { target },
    },
  },
});
