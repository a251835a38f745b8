// Screenshots for the README: the table, the score sheet and the scoring assistant at desktop
// (1280×800) and phone (390×844) sizes. Run by `scripts/e2e --screenshots` (needs a server
// at MAHJONG_URL); writes PNGs into the directory given (docs/screenshots).
import fs from 'node:fs';
import path from 'node:path';
import { BASE, api, launch, playByClicking } from './helpers.mjs';

const out = process.argv[2] ?? '../docs/screenshots';
fs.mkdirSync(out, { recursive: true });
const browser = await launch();
const sizes = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
];

async function myTurns(page, n) {
  let turns = 0;
  const until = Date.now() + 60_000;
  while (turns < n && Date.now() < until) {
    if (await page.locator('[data-testid=score-sheet]').count()) return false;
    const pass = page.locator('[data-testid=actions] button[data-action=pass]');
    if (await page.locator('[data-testid=actions] button[data-action=mahjong]').count()) return false;
    if (await pass.count()) {
      await pass.first().click().catch(() => {});
    } else if (await page.locator('[data-testid=hand][data-my-turn=yes]').count()) {
      const tiles = page.locator('[data-testid=hand] svg.tile.clickable');
      const k = await tiles.count();
      if (k) {
        await tiles.nth(k - 1).dblclick().catch(() => {});
        turns++;
        await page.waitForTimeout(150);
      }
    }
    await page.waitForTimeout(80);
  }
  return true;
}

for (const [label, viewport] of sizes.filter(([l]) => !process.env.ONLY || process.env.ONLY === l)) {
  const context = await browser.newContext({ viewport });
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
    if (!(await myTurns(page, 9))) continue;
    if ((await page.locator('.seat .set').count()) === 0) continue; // a table with claimed sets looks like play
    await page.waitForSelector('[data-testid=hand][data-my-turn=yes]');
    await page.click('[data-testid=hint-btn]');
    await page.waitForSelector('[data-testid=hint]');
    await page.waitForTimeout(300);
    const tableShot = path.join(out, `table-${label}.png`);
    await page.screenshot({ path: tableShot });
    // A few hands, so the chart has a course; the last one shown is one somebody won.
    const sheet = page.locator('[data-testid=score-sheet]');
    let hands = 0;
    for (;;) {
      await playByClicking(page, async () => (await sheet.count()) > 0);
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
