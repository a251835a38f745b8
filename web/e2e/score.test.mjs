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

test('the assistant fits the ruleset: japanese tiles and fields, han, limit names, errors and counts in the language', async () => {
  const page = await newPage(browser);
  await fresh(page);
  await page.click('button[data-lang=cs]');
  await page.selectOption('[data-testid=sa-ruleset]', 'japanese-3p');
  await page.selectOption('[data-testid=sa-winner]', 'E');
  // "How won" and "winning tile" have labels of their own.
  const labelOf = (sel) => page.locator(sel).evaluate((e) => e.closest('label').firstChild.textContent.trim());
  assert.notEqual(await labelOf('[data-testid=sa-from]'), await labelOf('[data-testid=sa-win-tile]'));
  // Only the tiles of the japanese set (no 2–8 characters), and the japanese flags and fields.
  const picker = await page.locator('[data-testid=picker] svg[data-tile]').evaluateAll((els) => els.map((e) => e.dataset.tile));
  assert.ok(picker.includes('1C') && picker.includes('9C') && picker.includes('5B'), `${picker}`);
  for (const c of ['2C', '5C', '8C', '1F', '1S']) assert.ok(!picker.includes(c), `${c} offered`);
  const flags = await page.locator('[data-testid=sa-flags] label').evaluateAll((els) => els.map((e) => e.dataset.flag));
  assert.deepEqual(flags, ['last_tile', 'ippatsu', 'heaven', 'earth']);
  assert.equal((await page.textContent('[data-testid=sa-flags] [data-flag=heaven]')).trim(), 'Tenhó');
  await page.locator('[data-testid=sa-dora]').waitFor();
  await page.locator('[data-testid=sa-riichi-E]').waitFor();

  // No winning tile yet: asked for in Czech.
  await page.fill('[data-testid=sa-concealed-E]', '111D 999D 123D 456D 77D');
  await page.waitForSelector('[data-testid=sa-error-text]');
  assert.equal((await page.textContent('[data-testid=sa-error-text]')).trim(), 'Zadejte vítězný kámen.');
  // A typed 2C is refused with a Czech message; the server's words stay as the detail.
  await page.fill('[data-testid=sa-win-tile]', '7D');
  await page.fill('[data-testid=sa-concealed-E]', '2C');
  await page.waitForFunction(() => /2 znaky/.test(document.querySelector('[data-testid=sa-error-text]')?.textContent ?? ''));
  await page.waitForSelector('[data-testid=sa-error-text]');
  assert.equal((await page.textContent('[data-testid=sa-error-text]')).trim(), 'Východ: kámen 2 znaky v sadě těchto pravidel není');
  assert.match(await page.textContent('[data-testid=sa-error-detail]'), /not a tile of the Japanese3p set/);

  // East's self-drawn pure circles: 8 han, haneman, said in han and named.
  await page.fill('[data-testid=sa-concealed-E]', '111D 999D 123D 456D 77D');
  await page.waitForFunction(() => document.querySelector('[data-testid=sa-seat-score-E]')?.textContent.trim() === '12\u00a0000');
  const total = page.locator('[data-testid=sa-seat-total-E]');
  assert.equal((await total.locator('.limit-name').textContent()).trim(), 'haneman');
  assert.equal((await total.locator('[data-testid=rule-link]').textContent()).trim(), 'J3-P');
  assert.match(await total.textContent(), /8 han → 12\u00a0000$/);
  assert.doesNotMatch(await total.textContent(), /bod|zdvojení/);
  // A riichi and a dora indicator count: Riichi 1 han, and the 8 circles indicator makes the
  // 9 circles dora (three of them): 12 han, baiman, 8,000 from each.
  await page.selectOption('[data-testid=sa-riichi-E]', 'riichi');
  await page.fill('[data-testid=sa-dora]', '8D');
  await page.waitForFunction(() => document.querySelector('[data-testid=sa-seat-total-E] .limit-name')?.textContent.trim() === 'baiman');
  assert.match(await total.textContent(), /12 han → 16\u00a0000$/);

  // The classical game: no japanese fields; a hand that is no Mah-Jongg is said so in Polish.
  await page.click('button[data-lang=pl]');
  await page.click('[data-testid=sa-clear]');
  await page.selectOption('[data-testid=sa-ruleset]', 'millington');
  assert.equal(await page.locator('[data-testid=sa-japanese]').count(), 0);
  await page.click('[data-testid=sa-example]');
  await page.waitForFunction(() => document.querySelector('[data-testid=sa-settle-N]')?.textContent.trim() === '+192');
  // Counted words agree with their numbers: 4 punkty, 0 podwojeń; 48 punktów.
  assert.match(await page.textContent('[data-testid=sa-seat-total-W]'), /^4 punkty, 0 podwojeń → 4$/);
  await page.click('button[data-lang=cs]');
  assert.match(await page.textContent('[data-testid=sa-seat-total-W]'), /^4 body, 0 zdvojení → 4$/);
  await page.click('button[data-lang=pl]');
  await page.fill('[data-testid=sa-concealed-N]', '9C 9C 9C 2B 3B 4B 6D 7D 8D 5D 1B');
  await page.waitForSelector('[data-testid=sa-error-text]');
  assert.equal((await page.textContent('[data-testid=sa-error-text]')).trim(), 'Północ: kamienie nie tworzą poprawnego MahJongga');
  assert.match(await page.textContent('[data-testid=sa-error-detail]'), /seats\.N: not a legal Mah-Jongg/);
  await page.fill('[data-testid=sa-concealed-N]', '9C 9C 9C 2B 3B 4B 6D 7D 8D 5D 5D');
  await page.waitForSelector('[data-testid=sa-error]', { state: 'detached' });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
