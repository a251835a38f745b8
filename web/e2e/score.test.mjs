// The scoring assistant: the worked settlement of the rules (seed 000) from typed scores, the
// same table entered tile by tile, and the match ledger kept by the server.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const num = (s) => Number(s.trim().replace('−', '-').replace('+', ''));

async function settlement(page) {
  const out = {};
  for (const w of ['E', 'S', 'W', 'N']) out[w] = num(await page.textContent(`[data-testid=sa-settle-${w}]`));
  return out;
}

async function fresh(page) {
  await page.goto(BASE + '/score');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector('[data-testid=score-page]');
  await page.selectOption('[data-testid=sa-ruleset]', 'millington');
}

test('typed scores reproduce the settlement example of the rules (N 48, E 20, S 256, W 4)', async () => {
  const page = await newPage(browser);
  await fresh(page);
  for (const [w, v] of [['E', 20], ['S', 256], ['W', 4], ['N', 48]]) {
    await page.click(`[data-testid=sa-mode-score-${w}]`);
    await page.fill(`[data-testid=sa-score-${w}]`, String(v));
  }
  await page.selectOption('[data-testid=sa-winner]', 'N');
  await page.selectOption('[data-testid=sa-from]', 'wall');
  await page.waitForFunction(() => document.querySelector('[data-testid=sa-settle-N]')?.textContent.trim() === '+192');
  assert.deepEqual(await settlement(page), { E: -536, S: 676, W: -332, N: 192 });
  const payments = await page.locator('.payments-list li').allTextContents();
  assert.deepEqual(payments.map((p) => p.replace(/\s+/g, ' ').trim()), [
    'East → North: 96',
    'South → North: 48',
    'West → North: 48',
    'East → South: 472',
    'West → East: 32',
    'West → South: 252',
  ]);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a hand entered tile by tile is scored item by item, settled, and added to a ledger', async () => {
  const page = await newPage(browser);
  await fresh(page);
  // The table of examples/seed000-settlement.json, typed as codes (and one set by the picker).
  const addSet = async (w, i, kind, tiles, extra) => {
    await page.click(`[data-testid=sa-add-set-${w}]`);
    const row = page.locator(`[data-testid=sa-set-${w}-${i}]`);
    await row.locator('select[data-field=kind]').selectOption(kind);
    if (tiles) await page.fill(`[data-testid=sa-set-tiles-${w}-${i}]`, tiles);
    if (extra) await row.locator('select[data-field=kong]').selectOption(extra);
  };
  await addSet('E', 0, 'kong', '3D 3D 3D 3D', 'annexed');
  await addSet('E', 1, 'pung', '999b');
  await page.fill('[data-testid=sa-concealed-E]', '2C 3C 4C 6C 7C 1D 5B');
  await page.fill('[data-testid=sa-bonus-E]', '2F 3S');
  await addSet('S', 0, 'pung', 'SW SW SW');
  await page.fill('[data-testid=sa-concealed-S]', 'GD GD GD WD WD WD 1C 5C 9D 7B');
  await page.fill('[data-testid=sa-bonus-S]', '4F 1S 4S');
  await page.fill('[data-testid=sa-concealed-W]', '2B 3B 5B 6B 7B 8C 9C 2D 4D 6D 7D 8D 9D');
  await page.fill('[data-testid=sa-bonus-W]', '1F');
  // North's red dragon pung by the tile picker.
  await addSet('N', 0, 'pung', '');
  for (let i = 0; i < 3; i++) await page.click('[data-testid=picker] svg[data-tile=RD]');
  await page.fill('[data-testid=sa-concealed-N]', '9C 9C 9C 2B 3B 4B 6D 7D 8D 5D 5D');
  await page.selectOption('[data-testid=sa-winner]', 'N');
  await page.selectOption('[data-testid=sa-from]', 'wall');
  await page.fill('[data-testid=sa-win-tile]', '4B');

  await page.waitForFunction(() => document.querySelector('[data-testid=sa-seat-score-N]')?.textContent.trim() === '48');
  const scores = {};
  for (const w of ['E', 'S', 'W', 'N']) scores[w] = num(await page.textContent(`[data-testid=sa-seat-score-${w}]`));
  assert.deepEqual(scores, { E: 20, S: 256, W: 4, N: 48 });
  assert.deepEqual(await settlement(page), { E: -536, S: 676, W: -332, N: 192 });
  // North's items, with rule ids and names.
  const north = await page.locator('[data-testid=sa-seat-N] tr[data-rule]').evaluateAll((rows) =>
    rows.map((r) => [r.dataset.rule, r.querySelector('.rule-text').textContent.trim(), r.querySelector('.rule-val').textContent.trim()]),
  );
  assert.deepEqual(north, [
    ['M114b', 'exposed pung of majors', '4'],
    ['M114b', 'concealed pung of majors', '8'],
    ['M115a', 'going Mah-Jongg', '10'],
    ['M115b', 'winning tile from the wall', '2'],
    ['M116d', 'pung of dragons', '×2'],
  ]);

  // A mistake is reported with where it is, and nothing is scored from it.
  await page.fill('[data-testid=sa-concealed-W]', '2B 3B 5B 6B 7B 8C 9C 2D 4D 6D 7D 8D 9D 9C');
  await page.waitForSelector('[data-testid=sa-error]');
  assert.match(await page.textContent('[data-testid=sa-error]'), /seats\.W/);
  await page.fill('[data-testid=sa-concealed-W]', '2B 3B 5B 6B 7B 8C 9C 2D 4D 6D 7D 8D 9D');
  await page.waitForSelector('[data-testid=sa-error]', { state: 'detached' });
  await page.waitForFunction(() => document.querySelector('[data-testid=sa-settle-N]')?.textContent.trim() === '+192');

  // The match ledger: four players, this hand recorded with Di as East.
  await page.click('[data-testid=ledger-new]');
  await page.fill('[data-testid=ledger-name]', 'Friday club');
  for (const [i, n] of ['Ann', 'Bob', 'Cy', 'Di'].entries()) await page.fill(`[data-testid=ledger-player-${i}]`, n);
  await page.click('[data-testid=ledger-create]');
  await page.waitForSelector('[data-testid=ledger-east]');
  await page.selectOption('[data-testid=ledger-east]', '3');
  await page.click('[data-testid=ledger-add]');
  await page.waitForSelector('[data-testid=ledger-table] tbody tr');
  // Di is East (−536), Ann South (+676), Bob West (−332), Cy North (+192).
  const totals = (await page.locator('[data-testid=ledger-total]').allTextContents()).map(num);
  assert.deepEqual(totals, [676, -332, 192, -536]);
  // Kept in the database: a reload shows the same ledger.
  await page.reload();
  await page.waitForSelector('[data-testid=ledger-table] tbody tr');
  assert.deepEqual((await page.locator('[data-testid=ledger-total]').allTextContents()).map(num), [676, -332, 192, -536]);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
