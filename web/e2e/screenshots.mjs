// Screenshots for the README: the table (in English, Czech and Polish), the score sheet and
// the scoring assistant at desktop (1280×800) and phone (390×844, touch) sizes, taken without
// any CJK font, as a fresh Debian shows them. Run by `scripts/e2e --screenshots` (needs a
// server at MAHJONG_URL); writes PNGs into the directory given (docs/screenshots).
import fs from 'node:fs';
import path from 'node:path';
import { BASE, api, clickUnlessGone, launch, playByClicking } from './helpers.mjs';

const out = process.argv[2] ?? '../docs/screenshots';
fs.mkdirSync(out, { recursive: true });
const browser = await launch({ fonts: 'latin' });
const sizes = [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['phone', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
];

// Plays `n` turns of the human seat (passing on claims); false if the hand ended first.
async function myTurns(page, n, tap) {
  let turns = 0;
  const until = Date.now() + 60_000;
  const pass = page.locator('[data-testid=actions] button[data-action=pass]');
  const myTurn = page.locator('[data-testid=hand][data-my-turn=yes]');
  const tiles = page.locator('[data-testid=hand] svg.tile.clickable');
  while (turns < n && Date.now() < until) {
    if (await page.locator('[data-testid=score-sheet]').count()) return false;
    if (await page.locator('[data-testid=actions] button[data-action=mahjong]').count()) return false;
    if (await pass.count()) {
      await clickUnlessGone(pass.first(), async () => (await pass.count()) > 0, { tap });
    } else if (await myTurn.count()) {
      const k = await tiles.count();
      if (k) {
        const tile = tiles.nth(k - 1);
        const wanted = async () => (await myTurn.count()) > 0;
        if ((await clickUnlessGone(tile, wanted, { tap })) && (await clickUnlessGone(tile, wanted, { tap }))) turns++;
        await page.waitForTimeout(150);
      }
    }
    await page.waitForTimeout(80);
  }
  return true;
}

async function setLang(page, lang) {
  await page.click(`button[data-lang=${lang}]`);
  await page.waitForSelector(`html[lang=${lang}]`);
  await page.waitForTimeout(200);
}

for (const [label, options] of sizes.filter(([l]) => !process.env.ONLY || process.env.ONLY === l)) {
  const tap = Boolean(options.hasTouch);
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(BASE + '/');
  await page.evaluate(() => localStorage.setItem('mahjong.lang', 'en'));
  // A table mid-hand with the hint shown, then the score sheet of a hand somebody won.
  let done = false;
  for (let seed = 1; seed < 40 && !done; seed++) {
    const table = await api('POST', '/api/tables', {
      ruleset: 'millington',
      seats: ['human', 'greedy', 'greedy', 'greedy'],
      names: ['Ann', 'Li', 'Mei', 'Wu'],
      options: { claim_seconds: 0 },
      seed,
    });
    await page.goto(BASE + table.seats[0].join_url);
    await page.waitForSelector('[data-testid=hand] svg[data-tile]');
    if (!(await myTurns(page, 9, tap))) continue;
    if ((await page.locator('.seat .set').count()) === 0) continue; // a table with claimed sets looks like play
    await page.waitForSelector('[data-testid=hand][data-my-turn=yes]');
    await page.click('[data-testid=hint-btn]');
    await page.waitForSelector('[data-testid=hint]');
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, `table-${label}.png`) });
    // The same moment in Czech and Polish.
    for (const lang of ['cs', 'pl']) {
      await setLang(page, lang);
      await page.screenshot({ path: path.join(out, `table-${label}-${lang}.png`) });
    }
    await setLang(page, 'en');
    // A few hands, so the chart has a course; the last one shown is one somebody won.
    const sheet = page.locator('[data-testid=score-sheet]');
    let hands = 0;
    for (;;) {
      await playByClicking(page, async () => (await sheet.count()) > 0, { tap });
      hands++;
      const washout = /Washout/.test(await sheet.locator('[data-testid=sheet-how]').textContent());
      if (hands >= 3 && !washout) break;
      await page.click('[data-testid=sheet-close]');
      await sheet.waitFor({ state: 'detached' });
    }
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(out, `sheet-${label}.png`) });
    done = true;
    console.log(`${label}: table and sheet from seed ${seed}`);
  }
  // The scoring assistant with the worked example of the rules.
  await page.goto(BASE + '/score');
  await page.click('[data-testid=sa-example]');
  await page.waitForFunction(() => document.querySelector('[data-testid=sa-settle-N]')?.textContent.trim() === '+192');
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(out, `score-${label}.png`) });
  await context.close();
}
await browser.close();
console.log(`screenshots written to ${out}`);
