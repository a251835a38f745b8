// The tiles are our own drawings: every face must draw with no font at all, the seat discs and
// the logo without a CJK font, so a fresh machine shows them (it used to show empty boxes).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, fontconfig, fontsFor, launch, newPage } from './helpers.mjs';

// Every tile code the client knows: suits with red fives, honours, bonus tiles, the joker.
const CODES = [
  ...['C', 'B', 'D'].flatMap((s) => '0123456789'.split('').map((n) => n + s)),
  'EW', 'SW', 'WW', 'NW', 'RD', 'GD', 'WD',
  ...['F', 'S', 'A', 'H'].flatMap((k) => '1234'.split('').map((n) => n + k)),
  'JK',
];

// Chromium with no font at all draws the tile gallery but crashes on pages with form
// controls, so those pages are checked with Latin fonts only: a fresh Debian's.
let bare;
let latin;
before(async () => {
  bare = await launch({ fonts: 'none' });
  latin = await launch({ fonts: 'latin' });
});
after(async () => {
  await bare?.close();
  await latin?.close();
});

test('the fontconfig the tests use for "no CJK font" offers no CJK font', () => {
  for (const lang of ['zh', 'ja', 'ko']) assert.deepEqual(fontsFor(fontconfig('latin'), lang), [], lang);
  assert.deepEqual(fontsFor(fontconfig('none'), 'en'), []);
});

test('with no font at all, every tile face on /tiles is drawn by its own shapes', async () => {
  const page = await newPage(bare);
  await page.goto(BASE + '/tiles');
  await page.waitForSelector('[data-testid=tile-gallery] .tile-card');
  const faces = await page.locator('.tile-card svg.tile').evaluateAll((els) =>
    els.map((svg) => {
      const shapes = svg.querySelectorAll('path, circle, ellipse, rect, polygon, polyline, line').length;
      // Text outside <title> (the accessible name) would need a font.
      const clone = svg.cloneNode(true);
      clone.querySelectorAll('title').forEach((t) => t.remove());
      return {
        code: svg.getAttribute('data-tile'),
        shapes,
        texts: svg.querySelectorAll('text, tspan, foreignObject').length,
        textContent: clone.textContent.trim(),
      };
    }),
  );
  assert.deepEqual(faces.map((f) => f.code).sort(), [...CODES].sort(), 'the gallery shows every tile once');
  for (const f of faces) {
    assert.equal(f.texts, 0, `${f.code} has no text elements`);
    assert.equal(f.textContent, '', `${f.code} has no text`);
    // The tile body is three rectangles; a face adds its own drawing on top.
    assert.ok(f.shapes > 4, `${f.code} draws shapes (${f.shapes})`);
  }

  // Pixels: the middle of each face (clear of the corner index) has ink, and no two faces
  // look the same.
  const png = (await page.screenshot({ fullPage: true })).toString('base64');
  const boxes = await page.locator('.tile-card svg.tile').evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { code: e.getAttribute('data-tile'), x: r.x + scrollX, y: r.y + scrollY, w: r.width, h: r.height };
    }),
  );
  const ink = await page.evaluate(
    async ({ png, boxes }) => {
      const img = new Image();
      img.src = 'data:image/png;base64,' + png;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d');
      ctx.drawImage(img, 0, 0);
      return boxes.map((b) => {
        const [x0, y0] = [Math.round(b.x + b.w * 0.15), Math.round(b.y + b.h * 0.2)];
        const [w, h] = [Math.round(b.w * 0.7), Math.round(b.h * 0.65)];
        const data = ctx.getImageData(x0, y0, w, h).data;
        let inked = 0;
        let sig = 0;
        for (let i = 0; i < data.length; i += 4) {
          // The face is cream (about 250, 245, 228); ink is anything clearly away from it.
          const d = Math.abs(data[i] - 250) + Math.abs(data[i + 1] - 245) + Math.abs(data[i + 2] - 228);
          if (d > 90) {
            inked++;
            sig = (sig * 31 + (i >> 2) * 7 + data[i] + data[i + 1] * 3 + data[i + 2] * 5) >>> 0;
          }
        }
        return { code: b.code, share: inked / (w * h), sig };
      });
    },
    { png, boxes },
  );
  for (const t of ink) assert.ok(t.share > 0.03, `${t.code} face has ink (${(t.share * 100).toFixed(1)} %)`);
  const sigs = new Map();
  for (const t of ink) {
    assert.ok(!sigs.has(t.sig), `${t.code} looks different from ${sigs.get(t.sig)}`);
    sigs.set(t.sig, t.code);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('without a CJK font, the logo and the seat discs are drawn shapes', async () => {
  const page = await newPage(latin);
  await page.goto(BASE + '/score');
  const brand = page.locator('.brand-tile');
  assert.equal((await brand.textContent()).trim(), '', 'the logo has no text');
  assert.ok((await brand.locator('svg path').count()) > 0, 'the logo is a path');
  const discs = page.locator('.wind-badge');
  await discs.first().waitFor();
  const n = await discs.count();
  assert.ok(n >= 4, `${n} seat discs`);
  for (let i = 0; i < n; i++) {
    const disc = discs.nth(i);
    assert.equal((await disc.textContent()).trim(), '', 'a seat disc has no text');
    assert.equal(await disc.locator('svg path').count(), 2, 'a character and a letter');
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
