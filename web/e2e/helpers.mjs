// Shared set-up for the browser tests: Debian's Chromium driven by playwright-core, against
// the server at MAHJONG_URL (scripts/e2e starts one on a free port with a fresh database).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const BASE = process.env.MAHJONG_URL ?? 'http://127.0.0.1:8080';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/**
 * Chromium, with the machine's fonts (`fonts: 'system'`), without any CJK font (`'latin'`:
 * what a fresh Debian has) or with no font at all (`'none'`). The last two run Chromium with a
 * fontconfig file of our own, so the result does not depend on what the machine has installed.
 */
export async function launch({ fonts = 'system' } = {}) {
  const env = fonts === 'system' ? undefined : { ...process.env, FONTCONFIG_FILE: fontconfig(fonts) };
  const options = { executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, env };
  // Chromium now and then dies while starting on a loaded machine (SIGSEGV before any
  // page): that is the machine, not the client under test, so a start is tried three times.
  for (let attempt = 1; ; attempt++) {
    try {
      return await chromium.launch(options);
    } catch (e) {
      if (attempt >= 3) throw e;
      console.error(`chromium did not start (attempt ${attempt}): ${String(e).split('\n')[0]}`);
    }
  }
}

const CJK_LANGS = ['zh', 'ja', 'ko'];

function fontFiles(pattern) {
  try {
    return execFileSync('fc-list', ['--format', '%{file}\\n', pattern], { encoding: 'utf8' }).split('\n').filter(Boolean);
  } catch {
    return []; // no fc-list: no fontconfig fonts to list
  }
}

const fontDirs = [];
process.on('exit', () => fontDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** Writes a fontconfig file for `fonts` ('latin' or 'none') and returns its path. */
export function fontconfig(fonts) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mahjong-fonts-${fonts}-`));
  fontDirs.push(dir);
  const xml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const lines = ['<?xml version="1.0"?>', '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">', '<fontconfig>'];
  if (fonts === 'latin') {
    lines.push('  <include ignore_missing="yes">/etc/fonts/conf.d</include>');
    for (const d of ['/usr/share/fonts', '/usr/local/share/fonts']) lines.push(`  <dir>${d}</dir>`);
    // Every font file that covers Chinese, Japanese or Korean is rejected by its path.
    const cjk = new Set(CJK_LANGS.flatMap((l) => fontFiles(`:lang=${l}`)));
    lines.push('  <selectfont><rejectfont>');
    for (const f of cjk) lines.push(`    <glob>${xml(f)}</glob>`);
    lines.push('  </rejectfont></selectfont>');
  }
  lines.push(`  <cachedir>${xml(path.join(dir, 'cache'))}</cachedir>`, '</fontconfig>', '');
  const file = path.join(dir, 'fonts.conf');
  fs.writeFileSync(file, lines.join('\n'));
  return file;
}

/** The font files fontconfig offers for `lang` under the fontconfig file `file`. */
export function fontsFor(file, lang) {
  try {
    return execFileSync('fc-list', [`:lang=${lang}`, 'file'], { encoding: 'utf8', env: { ...process.env, FONTCONFIG_FILE: file } })
      .split('\n')
      .filter(Boolean);
  } catch {
    return [];
  }
}

/** A new page that fails the test on any uncaught page error. */
export async function newPage(browser, opts = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...opts });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  return page;
}

export async function api(method, path, body) {
  const res = await fetch(BASE + path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let data = text;
  try {
    data = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return data;
}

/**
 * A page in `lang` whose WebSocket hands the table what the test says: every `state` view
 * through `window.__view` (when set), and any message the test injects with
 * `window.__inject(msg)`.
 */
export async function tablePage(browser, opts, lang) {
  const page = await newPage(browser, opts);
  await page.addInitScript((l) => {
    localStorage.setItem('mahjong.lang', l);
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      set onmessage(f) {
        window.__inject = (msg) => f(new MessageEvent('message', { data: JSON.stringify(msg) }));
        super.onmessage = (m) => {
          try {
            const msg = JSON.parse(m.data);
            if (msg.type === 'state' && window.__view) {
              window.__view(msg.view);
              return f(new MessageEvent('message', { data: JSON.stringify(msg) }));
            }
          } catch {
            /* not JSON */
          }
          return f(m);
        };
      }
    };
  }, lang);
  return page;
}

/** A table with the human at seat 0 and bots that wait a minute before each move. */
export async function quietTable(ruleset, seats) {
  return api('POST', '/api/tables', {
    ruleset,
    seats: ['human', ...Array(seats - 1).fill('greedy')],
    options: { claim_seconds: 0 },
    seed: 2,
    max_hands: 1,
    bot_delay_ms: 60_000,
  });
}

/** Ends a table made for a test (its bots would otherwise wait on, counting against the caps). */
export async function drop(table) {
  await fetch(`${BASE}/api/tables/${table.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${table.host_token}` } });
}

/** Waits until the bots-only table `id` has finished and its game is listed. */
export async function waitForGame(id, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const games = await api('GET', '/api/games');
    if (games.some((g) => g.id === id)) return;
    if (Date.now() > deadline) throw new Error('the bot game did not finish');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Clicks `locator`. A click that fails counts as a failure of the test, unless `stillWanted()`
 * says the target has gone meanwhile: the table moved on between looking and clicking (a bot
 * claimed the tile, the timer ran out), which is play, not a bug.
 */
export async function clickUnlessGone(locator, stillWanted, { tap = false } = {}) {
  try {
    if (tap) await locator.tap({ timeout: 5000 });
    else await locator.click({ timeout: 5000 });
    return true;
  } catch (e) {
    if (await stillWanted()) throw e;
    return false;
  }
}

/**
 * Plays the human seat of `page` by clicking until `done()` says stop: Mah-Jongg when
 * offered, pass on claims, and on its own turn discards the drawn tile (else the last tile)
 * by clicking it twice. Returns how many clicks it made.
 */
export async function playByClicking(page, done, { timeoutMs = 90_000, tap = false } = {}) {
  const until = Date.now() + timeoutMs;
  let clicks = 0;
  const mahjong = page.locator('[data-testid=actions] button[data-action=mahjong]');
  const pass = page.locator('[data-testid=actions] button[data-action=pass]');
  const myTurn = page.locator('[data-testid=hand][data-my-turn=yes]');
  const clickable = page.locator('[data-testid=hand] svg.tile.clickable');
  // A failed click matters only while the hand goes on: a win elsewhere can end it (and
  // cover the table with the score sheet) between looking and clicking.
  const live = (f) => async () => !(await done()) && (await f());
  const present = (l) => live(async () => (await l.count()) > 0);
  while (!(await done())) {
    if (Date.now() > until) throw new Error('the hand did not end in time');
    if (await mahjong.count()) {
      if (await clickUnlessGone(mahjong.first(), present(mahjong), { tap })) clicks++;
    } else if (await pass.count()) {
      if (await clickUnlessGone(pass.first(), present(pass), { tap })) clicks++;
    } else if (await myTurn.count()) {
      const n = await clickable.count();
      if (n > 0) {
        const tile = clickable.nth(n - 1);
        const code = await tile.getAttribute('data-tile');
        // Still this seat's turn with that tile in hand: then a failed click is a failure.
        const wanted = live(async () => (await myTurn.count()) > 0 && (await page.locator(`[data-testid=hand] svg.tile.clickable[data-tile="${code}"]`).count()) > 0);
        if (await clickUnlessGone(tile, wanted, { tap })) {
          clicks++;
          if (await clickUnlessGone(tile, wanted, { tap })) clicks++;
        }
      }
    }
    await page.waitForTimeout(60);
  }
  return clicks;
}
