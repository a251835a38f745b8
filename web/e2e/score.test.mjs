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


/**
 * A korean-3p hand entered on the page: South wins on West's 6D with a concealed kong of
 * South winds, 123C 456D 789C, a pair of red dragons and a flower; East holds 111D 345678C
 * 789D 9C, West's tiles are not entered.
 */
async function koreanWinOnWestsDiscard(page) {
  await page.fill('[data-testid=sa-concealed-E]', '111D 345678C 789D 9C');
  await page.click('[data-testid=sa-add-set-S]');
  await page.locator('[data-testid=sa-set-S-0] select[data-field=kind]').selectOption('kong');
  await page.fill('[data-testid=sa-set-tiles-S-0]', 'SW SW SW SW');
  await page.locator('[data-testid=sa-set-S-0] select[data-field=kong]').selectOption('concealed');
  await page.fill('[data-testid=sa-concealed-S]', '123C 456D 789C RD RD');
  await page.fill('[data-testid=sa-bonus-S]', '2F');
  await page.selectOption('[data-testid=sa-winner]', 'S');
  await page.selectOption('[data-testid=sa-from]', 'discard');
  await page.selectOption('[data-testid=sa-supplier]', 'W');
  await page.fill('[data-testid=sa-win-tile]', '6D');
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
  // No North at a three-player table: a picked tile goes to a seat that is there (West).
  assert.match(await page.textContent('[data-testid=picker] p'), /Západ/);
  await page.click('[data-testid=picker] svg[data-tile="1C"]');
  assert.equal(await page.inputValue('[data-testid=sa-concealed-W]'), '1C');
  await page.fill('[data-testid=sa-concealed-W]', '');
  const flags = await page.locator('[data-testid=sa-flags] label').evaluateAll((els) => els.map((e) => e.dataset.flag));
  assert.deepEqual(flags, ['last_tile', 'ippatsu', 'heaven', 'earth']);
  assert.equal((await page.textContent('[data-testid=sa-flags] [data-flag=heaven]')).trim(), 'Tenhó');
  // The flags, riichi and the Norths set aside are labelled from the rule catalogue's names
  // (the family's scoring form names the rules: J3-Y6, J3-S8's Ippatsu, J3-Y4, J3-Y11).
  assert.equal((await page.textContent('[data-testid=sa-flags] [data-flag=last_tile]')).trim(), 'Haitei / Hótei');
  assert.equal((await page.textContent('[data-testid=sa-flags] [data-flag=ippatsu]')).trim(), 'Ippacu');
  await page.locator('[data-testid=sa-dora]').waitFor();
  await page.locator('[data-testid=sa-riichi-E]').waitFor();
  assert.equal(await labelOf('[data-testid=sa-riichi-E]'), 'Riči');
  assert.deepEqual(await page.locator('[data-testid=sa-riichi-E] option').allTextContents(), ['—', 'Riči', 'Dvojité riči']);
  assert.equal(await page.locator('[data-testid=sa-bonus-E]').evaluate((e) => e.closest('.field').querySelector('.field-label').textContent.trim()), 'Severy odložené stranou');
  assert.deepEqual(await page.locator('[data-testid=sa-table-fields] input').evaluateAll((els) => els.map((e) => e.dataset.testid)), [
    'sa-dora',
    'sa-ura',
    'sa-pot',
    'sa-honba',
    'sa-honba-value',
  ]);

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
  assert.match(await page.textContent('[data-testid=sa-error-detail]'), /2C is not a tile of the japanese-3p set/);

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
  assert.equal(await page.locator('[data-testid=sa-table-fields]').count(), 0);
  assert.equal(await page.locator('[data-testid=sa-riichi-E]').count(), 0);
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

/** The body of every `POST /api/score` the page sends, newest last. */
function scoreRequests(page) {
  const bodies = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/score') bodies.push(r.postDataJSON());
  });
  return bodies;
}

async function seatItems(page, w) {
  return page.locator(`[data-testid=sa-seat-${w}] tr[data-rule]`).evaluateAll((rows) =>
    rows.map((r) => [r.dataset.rule, r.querySelector('.rule-text').textContent.trim(), r.querySelector('.rule-val').textContent.trim()]),
  );
}

async function settlement3(page) {
  const out = {};
  for (const w of ['E', 'S', 'W']) out[w] = num((await page.textContent(`[data-testid=sa-settle-${w}]`)).replace(/[,\s]/g, ''));
  return out;
}

const paymentsList = async (page) => (await page.locator('.payments-list li').allTextContents()).map((p) => p.replace(/\s+/g, ' ').trim());

test('korean-3p: the dora option and indicator and the goulash count are sent, scored and paid', async () => {
  const page = await newPage(browser);
  const sent = scoreRequests(page);
  await fresh(page);
  await page.selectOption('[data-testid=sa-ruleset]', 'korean-3p');
  await page.locator('[data-testid=sa-dora-option]').waitFor();
  for (const id of ['sa-dora', 'sa-honba', 'sa-riichi-E']) assert.equal(await page.locator(`[data-testid=${id}]`).count(), 0, `${id} shown`);
  // The picker offers the korean set as the server lists it (K3-T): no North, no bamboo 2–8,
  // flowers but no seasons.
  const pickerTiles = () => page.locator('[data-testid=picker] svg[data-tile]').evaluateAll((els) => els.map((e) => e.dataset.tile));
  const koreanSet = [
    ...'123456789'.split('').map((n) => n + 'C'), '1B', '9B', ...'123456789'.split('').map((n) => n + 'D'),
    'EW', 'SW', 'WW', 'RD', 'GD', 'WD', '1F', '2F', '3F', '4F',
  ];
  assert.deepEqual(await pickerTiles(), koreanSet);
  for (const c of ['NW', '2B', '5B', '8B', '1S']) assert.ok(!(await pickerTiles()).includes(c), `${c} offered`);
  // The preset plays without a dora indicator (option dora off): no indicator field until it is on.
  assert.equal(await page.isChecked('[data-testid=sa-dora-option]'), false);
  assert.equal(await page.locator('[data-testid=sa-dora-indicator]').count(), 0);

  // South wins on West's 6D with a concealed kong of South, a flower and a red dragon pair.
  await koreanWinOnWestsDiscard(page);
  // The one flag the korean scorer reads (K3-BP3), in the client's words.
  assert.deepEqual(await page.locator('[data-testid=sa-flags] label').evaluateAll((els) => els.map((e) => [e.dataset.flag, e.textContent.trim()])), [['last_tile', 'last tile']]);
  // Without dora and goulash: 5 hand-points + 5 bonus-points; West pays 2×5 + 5, East (whose
  // wait is live) 5 − 2.
  await page.waitForFunction(() => document.querySelector('[data-testid=sa-seat-score-S]')?.textContent.trim() === '10');
  assert.deepEqual(await settlement3(page), { E: -3, S: 18, W: -15 });
  const plain = sent.at(-1);
  for (const k of ['options', 'dora_indicator', 'goulash']) assert.ok(!(k in plain), `${k} sent: ${JSON.stringify(plain)}`);

  // Dora on, the green dragon revealed (red dragons are dora: 2 bonus-points), two drawn hands
  // before this one (goulash 10 from each opponent, K3-M2).
  await page.check('[data-testid=sa-dora-option]');
  await page.fill('[data-testid=sa-dora-indicator]', 'gd');
  await page.fill('[data-testid=sa-goulash]', '2');
  await page.waitForFunction(() => document.querySelector('[data-testid=sa-settle-S]')?.textContent.trim() === '+42');
  assert.equal(num(await page.textContent('[data-testid=sa-seat-score-S]')), 12);
  assert.match(await page.textContent('[data-testid=sa-seat-total-S]'), /^5 hand-points, 7 bonus-points → 12$/);
  assert.deepEqual(await seatItems(page, 'S'), [
    ['K3-HP3', 'wind pung or kong', '1'],
    ['K3-HP4', 'pung or kong of the seat wind', '1'],
    ['K3-HP6', 'kong', '1'],
    ['K3-HP20', 'concealed hand', '2'],
    ['K3-BP1', 'winning (from each opponent who was not ready)', '2'],
    ['K3-BP7', 'flower', '1'],
    ['K3-BP9', 'concealed hand bonus', '2'],
    ['K3-O5', 'dora', '2'],
    ['K3-S5', 'opponent was ready: pays 2 bonus-points less', '2'],
    ['K3-M2', 'goulash bonus from each opponent', '10'],
  ]);
  assert.equal(await page.getAttribute('[data-testid=sa-seat-S] tr[data-rule=K3-O5] svg[data-tile]', 'data-tile'), 'RD');
  // West: 2×5 + 7 + 10; East: 7 − 2 + 10.
  assert.deepEqual(await settlement3(page), { E: -15, S: 42, W: -27 });
  assert.deepEqual(await paymentsList(page), ['East → South: 15', 'West → South: 27']);
  const body = sent.at(-1);
  assert.deepEqual(body.options, { dora: true });
  assert.equal(body.dora_indicator, 'GD');
  assert.equal(body.goulash, 2);
  // The option dora this page sets leaves the set as it is.
  assert.deepEqual(await pickerTiles(), koreanSet);

  // The labels in Czech and Polish.
  await page.click('button[data-lang=cs]');
  assert.equal((await page.locator('[data-testid=sa-goulash]').evaluate((e) => e.closest('label').textContent)).trim(), 'Remíz v řadě před touto hrou (guláš)');
  assert.equal((await page.textContent('[data-testid=sa-seat-S] tr[data-rule=K3-M2] .rule-text')).trim(), 'gulášový bonus od každého soupeře');
  await page.click('button[data-lang=pl]');
  assert.equal((await page.locator('[data-testid=sa-dora-option]').evaluate((e) => e.closest('label').textContent)).trim(), 'gra ze wskaźnikiem dory');
  await page.click('button[data-lang=en]');

  // Dora off again: the indicator is neither shown nor sent.
  await page.uncheck('[data-testid=sa-dora-option]');
  await page.waitForFunction(() => document.querySelector('[data-testid=sa-settle-S]')?.textContent.trim() === '+38');
  assert.equal(await page.locator('[data-testid=sa-dora-indicator]').count(), 0);
  assert.ok(!('dora_indicator' in sent.at(-1)) && !('options' in sent.at(-1)));
  // West 2×5 + 5 + 10, East 5 − 2 + 10; nobody's ready is sent while no box is ticked.
  assert.deepEqual(await settlement3(page), { E: -13, S: 38, W: -25 });
  for (const w of ['E', 'S', 'W']) assert.ok(!('ready' in sent.at(-1).seats[w]), `${w} ready sent`);

  // Every seat has a box for its declaration of ready (K3-P9), labelled as the catalogue
  // says a declared seat shows.
  assert.deepEqual(
    await page.locator('[data-testid^=sa-ready-]').evaluateAll((els) => els.map((e) => [e.dataset.testid, e.closest('label').textContent.trim(), e.checked])),
    [['sa-ready-E', 'Ready', false], ['sa-ready-S', 'Ready', false], ['sa-ready-W', 'Ready', false]],
  );
  // South, the winner, had declared: K3-BP11 2 bonus-points (not K3-BP12: a discard), which
  // both opponents pay: West 2×5 + 7 + 10 = 27, East 7 − 2 + 10 = 15; South +42.
  await page.check('[data-testid=sa-ready-S]');
  await page.waitForFunction(() => document.querySelector('[data-testid=sa-settle-S]')?.textContent.trim() === '+42');
  assert.deepEqual(await settlement3(page), { E: -15, S: 42, W: -27 });
  assert.match(await page.textContent('[data-testid=sa-seat-total-S]'), /^5 hand-points, 7 bonus-points → 12$/);
  assert.deepEqual((await seatItems(page, 'S')).filter(([id]) => id.startsWith('K3-BP1')), [
    ['K3-BP1', 'winning (from each opponent who was not ready)', '2'],
    ['K3-BP11', 'declared ready', '2'],
  ]);
  const ready = sent.at(-1);
  assert.equal(ready.seats.S.ready, true);
  assert.ok(!('ready' in ready.seats.E) && !('ready' in ready.seats.W), JSON.stringify(ready.seats));
  // In Czech and Polish, as the table shows a declared seat.
  await page.click('button[data-lang=cs]');
  assert.equal((await page.locator('[data-testid=sa-ready-S]').evaluate((e) => e.closest('label').textContent)).trim(), 'Čeká');
  await page.click('button[data-lang=pl]');
  assert.equal((await page.locator('[data-testid=sa-ready-S]').evaluate((e) => e.closest('label').textContent)).trim(), 'Czeka');
  await page.click('button[data-lang=en]');
  // Kept in the draft: a reload still has South ready and scores the same.
  await page.reload();
  await page.waitForFunction(() => document.querySelector('[data-testid=sa-settle-S]')?.textContent.trim() === '+42');
  assert.equal(await page.isChecked('[data-testid=sa-ready-S]'), true);
  // Unticked: not sent, and the settlement is back.
  await page.uncheck('[data-testid=sa-ready-S]');
  await page.waitForFunction(() => document.querySelector('[data-testid=sa-settle-S]')?.textContent.trim() === '+38');
  assert.ok(!('ready' in sent.at(-1).seats.S));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('korean-3p: the ready options beside the seats are sent only when changed, settle as the scorer does, and stay in the draft', async () => {
  const page = await newPage(browser);
  const sent = scoreRequests(page);
  await fresh(page);
  // No options to choose at a classical table.
  assert.equal(await page.locator('[data-testid=sa-options]').count(), 0);
  await page.selectOption('[data-testid=sa-ruleset]', 'korean-3p');
  await page.locator('[data-testid=sa-options]').waitFor();
  // Each offered option is labelled by its rule (K3-S5, K3-O4), each value by the catalogue's
  // names, and shows the preset's value.
  const label = (sel) => page.locator(sel).evaluate((e) => e.closest('label').firstChild.textContent.trim());
  const choices = (sel) => page.locator(`${sel} option`).evaluateAll((els) => els.map((e) => [e.value, e.textContent.trim()]));
  assert.equal(await label('[data-testid=sa-option-ready_discount]'), 'opponent was ready: pays 2 bonus-points less');
  assert.deepEqual(await choices('[data-testid=sa-option-ready_discount]'), [
    ['waiting', 'any waiting opponent, declared or not'],
    ['declared', 'only an opponent who declared ready'],
  ]);
  assert.equal(await page.inputValue('[data-testid=sa-option-ready_discount]'), 'waiting');
  assert.equal(await label('[data-testid=sa-option-three_ready]'), 'all three declared ready');
  assert.deepEqual((await choices('[data-testid=sa-option-three_ready]')).map(([v]) => v), ['play-on', 'draw', 'hand-points-only']);
  assert.equal(await page.inputValue('[data-testid=sa-option-three_ready]'), 'play-on');
  // Just above the seats and their Ready boxes.
  const [optionsBox, seatBox] = await Promise.all(['[data-testid=sa-options]', '[data-testid=sa-seat-E]'].map((sel) => page.locator(sel).boundingBox()));
  assert.ok(seatBox.y > optionsBox.y + optionsBox.height && seatBox.y - (optionsBox.y + optionsBox.height) < 40, JSON.stringify([optionsBox, seatBox]));

  // South wins on West's 6D (the hand of the test above); West, whose tiles are not entered,
  // had declared ready.
  await koreanWinOnWestsDiscard(page);
  await page.check('[data-testid=sa-ready-W]');
  const settled = (e, w) => page.waitForFunction(([e, w]) => document.querySelector('[data-testid=sa-settle-E]')?.textContent.trim() === e && document.querySelector('[data-testid=sa-settle-W]')?.textContent.trim() === w, [e, w]);
  // The preset's `waiting`: West's hand waits on nothing he shows, so he pays in full, 2×5 + 5;
  // East, whose wait is live, 5 − 2 (`mahjong score` on the same table: E −3, S +18, W −15).
  await settled('−3', '−15');
  assert.deepEqual(await settlement3(page), { E: -3, S: 18, W: -15 });
  for (let i = 0; sent.at(-1)?.seats?.W?.ready !== true; i++) {
    assert.ok(i < 100, 'ready was not sent');
    await page.waitForTimeout(50);
  }
  assert.ok(!('options' in sent.at(-1)), JSON.stringify(sent.at(-1)));

  // `declared`: West, who declared, pays 2 less, East, who did not, 2 more (`mahjong score`
  // with options.ready_discount = "declared": E −5, S +18, W −13).
  await page.selectOption('[data-testid=sa-option-ready_discount]', 'declared');
  await settled('−5', '−13');
  assert.deepEqual(await settlement3(page), { E: -5, S: 18, W: -13 });
  assert.deepEqual(await paymentsList(page), ['East → South: 5', 'West → South: 13']);
  assert.deepEqual(sent.at(-1).options, { ready_discount: 'declared' });

  // Kept in the draft: a reload has it chosen, sends it and settles the same.
  const before = sent.length;
  await page.reload();
  await settled('−5', '−13');
  assert.equal(await page.inputValue('[data-testid=sa-option-ready_discount]'), 'declared');
  assert.ok(sent.length > before);
  assert.deepEqual(sent.at(-1).options, { ready_discount: 'declared' });
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('mahjong.score.draft')).options.ready_discount), 'declared');

  // In Czech and Polish: the rule's name and the value's.
  await page.click('button[data-lang=cs]');
  assert.equal(await label('[data-testid=sa-option-ready_discount]'), 'soupeř čekal: platí o 2 bonusové body méně');
  const chosen = () => page.locator('[data-testid=sa-option-ready_discount]').evaluate((e) => e.selectedOptions[0].textContent.trim());
  assert.equal(await chosen(), 'jen soupeř, který ohlásil čekání');
  await page.click('button[data-lang=pl]');
  assert.equal(await chosen(), 'tylko przeciwnik, który zapowiedział gotowość');
  await page.click('button[data-lang=en]');

  // Back to the preset's value: not sent, and the settlement is back.
  await page.selectOption('[data-testid=sa-option-ready_discount]', 'waiting');
  await settled('−3', '−15');
  assert.ok(!('options' in sent.at(-1)), JSON.stringify(sent.at(-1).options));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('japanese-3p: honba counters are sent and paid at the points per counter', async () => {
  const page = await newPage(browser);
  const sent = scoreRequests(page);
  await fresh(page);
  await page.selectOption('[data-testid=sa-ruleset]', 'japanese-3p');
  await page.locator('[data-testid=sa-honba]').waitFor();
  // The example of docs/specs/table-json.md: South in riichi wins on East's 5B, 6 han, mangan.
  await page.fill('[data-testid=sa-concealed-E]', '123D 678D 1B 2B 9B EW SW WW NW');
  await page.fill('[data-testid=sa-concealed-S]', '234567D 345678B 9D 9D');
  await page.fill('[data-testid=sa-bonus-S]', 'NW');
  await page.selectOption('[data-testid=sa-riichi-S]', 'riichi');
  await page.click('[data-testid=sa-add-set-W]');
  await page.fill('[data-testid=sa-set-tiles-W-0]', 'GD GD GD');
  await page.fill('[data-testid=sa-concealed-W]', '1C 9C 1D 9D 1B 9B RD WD EW SW');
  await page.fill('[data-testid=sa-dora]', '4D');
  await page.selectOption('[data-testid=sa-winner]', 'S');
  await page.selectOption('[data-testid=sa-from]', 'discard');
  await page.selectOption('[data-testid=sa-supplier]', 'E');
  await page.fill('[data-testid=sa-win-tile]', '5B');
  const settledS = (text) => page.waitForFunction((v) => document.querySelector('[data-testid=sa-settle-S]')?.textContent.trim() === v, text);
  await settledS('+8,000');
  assert.deepEqual(await settlement3(page), { E: -8000, S: 8000, W: 0 });
  assert.ok(!('honba' in sent.at(-1)) && !('options' in sent.at(-1)), JSON.stringify(sent.at(-1)));

  // Two honba counters: the preset pays nothing per counter (option honba 0), so they are
  // sent and change nothing.
  assert.equal(await page.inputValue('[data-testid=sa-honba-value]'), '0');
  await page.fill('[data-testid=sa-honba]', '2');
  for (let i = 0; sent.at(-1)?.honba !== 2; i++) {
    assert.ok(i < 100, 'honba was not sent');
    await page.waitForTimeout(50);
  }
  assert.ok(!('options' in sent.at(-1)));
  await page.waitForFunction(() => document.querySelector('[data-testid=sa-result]')?.dataset.busy === 'no');
  assert.deepEqual(await settlement3(page), { E: -8000, S: 8000, W: 0 });

  // 1,000 per counter: East, the discarder, pays both counters on top: 8,000 + 2,000.
  await page.fill('[data-testid=sa-honba-value]', '1000');
  await settledS('+10,000');
  assert.deepEqual(await settlement3(page), { E: -10000, S: 10000, W: 0 });
  assert.deepEqual(await paymentsList(page), ['East → South: 10,000']);
  assert.equal((await page.textContent('[data-testid=sa-seat-score-S]')).trim(), '8,000');
  assert.equal(sent.at(-1).honba, 2);
  assert.deepEqual(sent.at(-1).options, { honba: 1000 });

  // Self-drawn: 6,000 (East 4,000, West 2,000), and the counters split: 1,000 more from each.
  await page.selectOption('[data-testid=sa-from]', 'wall');
  await settledS('+8,000');
  assert.deepEqual(await settlement3(page), { E: -5000, S: 8000, W: -3000 });
  assert.deepEqual(await paymentsList(page), ['East → South: 5,000', 'West → South: 3,000']);

  // The labels in Czech and Polish.
  const label = (sel) => page.locator(sel).evaluate((e) => e.closest('label').firstChild.textContent.trim());
  await page.click('button[data-lang=cs]');
  assert.equal(await label('[data-testid=sa-honba]'), 'Počítadla honba');
  await page.click('button[data-lang=pl]');
  assert.equal(await label('[data-testid=sa-honba-value]'), 'Punkty za jeden licznik honba');
  await page.click('button[data-lang=en]');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/**
 * Changes the saved draft where no scoring page runs (one open would save its own over it),
 * then opens the scoring page on it.
 */
async function withDraft(page, change) {
  await page.goto(BASE + '/api/health');
  await page.evaluate(change);
  await page.goto(BASE + '/score');
  await page.waitForSelector('[data-testid=score-page]');
}

test('a draft saved by the page before the family forms keeps its table fields', async () => {
  const page = await newPage(browser);
  // The old page kept the japanese indicators, pot and honba, and the korean goulash, at the
  // draft's top.
  await withDraft(page, () => {
    const seat = { mode: 'tiles', score: '', sets: [], concealed: '', bonus: '' };
    localStorage.setItem(
      'mahjong.score.draft',
      JSON.stringify({
        ruleset: 'japanese-3p', prevailing: 'E', eastWins: 0, winner: '', winTile: '', from: 'wall', supplier: '',
        flags: { last_tile: false, original_call: false, kong_upon_kong: false, heaven: false, earth: false, ippatsu: false },
        seats: { E: seat, S: seat, W: seat, N: seat },
        riichi: { E: 'none', S: 'riichi', W: 'none', N: 'none' },
        dora: '4D', ura: '7B', pot: 2000, honba: 3, honbaValue: 100, doraOn: null, doraIndicator: '', goulash: 0,
      }),
    );
  });
  await page.locator('[data-testid=sa-honba]').waitFor();
  assert.equal(await page.inputValue('[data-testid=sa-dora]'), '4D');
  assert.equal(await page.inputValue('[data-testid=sa-ura]'), '7B');
  assert.equal(await page.inputValue('[data-testid=sa-pot]'), '2000');
  assert.equal(await page.inputValue('[data-testid=sa-honba]'), '3');
  assert.equal(await page.inputValue('[data-testid=sa-honba-value]'), '100');
  assert.equal(await page.inputValue('[data-testid=sa-riichi-S]'), 'riichi');

  // A korean draft saved before seats could be marked ready loads with no seat ready.
  await withDraft(page, () => {
    const d = JSON.parse(localStorage.getItem('mahjong.score.draft'));
    delete d.seatFlags;
    d.ruleset = 'korean-3p';
    localStorage.setItem('mahjong.score.draft', JSON.stringify(d));
  });
  await page.locator('[data-testid=sa-ready-E]').waitFor();
  for (const w of ['E', 'S', 'W']) assert.equal(await page.isChecked(`[data-testid=sa-ready-${w}]`), false, w);
  await page.check('[data-testid=sa-ready-W]');
  assert.equal(await page.isChecked('[data-testid=sa-ready-W]'), true);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a draft saved before seat choices came from the form keeps each riichi, and sends the same table', async () => {
  const page = await newPage(browser);
  const sent = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/score') sent.push(r.postData());
  });
  // The page before kept each seat's riichi in a record of its own, `none` for none.
  await withDraft(page, () => {
    const seat = (concealed, bonus = '', sets = []) => ({ mode: 'tiles', score: '', sets, concealed, bonus });
    localStorage.setItem(
      'mahjong.score.draft',
      JSON.stringify({
        ruleset: 'japanese-3p', prevailing: 'E', eastWins: 0, winner: 'S', winTile: '5B', from: 'discard', supplier: 'E',
        flags: {},
        seats: {
          E: seat('123D 678D 1B 2B 9B EW SW WW NW'),
          S: seat('234567D 345678B 9D 9D', 'NW'),
          W: seat('1C 9C 1D 9D 1B 9B RD WD EW SW', '', [{ kind: 'pung', tiles: 'GD GD GD', exposed: true, kong: 'claimed' }]),
          N: seat(''),
        },
        riichi: { E: 'riichi', S: 'double', W: 'none', N: 'none' },
        seatFlags: { E: {}, S: {}, W: {}, N: {} },
        table: { dora_indicators: '4D' },
        options: {},
      }),
    );
  });
  await page.locator('[data-testid=sa-riichi-E]').waitFor();
  assert.equal(await page.inputValue('[data-testid=sa-riichi-E]'), 'riichi');
  assert.equal(await page.inputValue('[data-testid=sa-riichi-S]'), 'double');
  assert.equal(await page.inputValue('[data-testid=sa-riichi-W]'), '');
  assert.equal(await page.locator('[data-testid=sa-riichi-S]').evaluate((e) => e.selectedOptions[0].textContent.trim()), 'Double riichi');
  // Double riichi 2 han (`mahjong score` on the same table: S scores 8,000; East pays it and
  // his riichi stick).
  await page.waitForFunction(() => document.querySelector('[data-testid=sa-settle-S]')?.textContent.trim() === '+9,000');
  // The table sent is the old page's, byte for byte: each riichi after the seat's tiles.
  const tiles = (s) => s.split(' ');
  const want = JSON.stringify({
    ruleset: 'japanese-3p',
    prevailing_wind: 'E',
    east_consecutive_wins: 0,
    winner: 'S',
    seats: {
      E: { sets: [], concealed: tiles('1D 2D 3D 6D 7D 8D 1B 2B 9B EW SW WW NW'), bonus: [], riichi: 'riichi' },
      S: { sets: [], concealed: tiles('2D 3D 4D 5D 6D 7D 3B 4B 5B 6B 7B 8B 9D 9D'), bonus: ['NW'], riichi: 'double' },
      W: { sets: [{ kind: 'pung', tiles: tiles('GD GD GD'), exposed: true }], concealed: tiles('1C 9C 1D 9D 1B 9B RD WD EW SW'), bonus: [] },
    },
    dora_indicators: ['4D'],
    win: { tile: '5B', from: 'discard', supplier: 'E' },
  });
  assert.equal(sent.at(-1), want);
  // Saved anew in the form's terms: the old record is gone.
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('mahjong.score.draft')));
  assert.ok(!('riichi' in saved), JSON.stringify(saved));
  assert.deepEqual(saved.seatChoices, { E: { riichi: 'riichi' }, S: { riichi: 'double' }, W: {}, N: {} });
  // None again: not sent.
  await page.selectOption('[data-testid=sa-riichi-E]', '');
  await page.waitForFunction(() => document.querySelector('[data-testid=sa-settle-S]')?.textContent.trim() === '+8,000');
  assert.ok(!('riichi' in JSON.parse(sent.at(-1)).seats.E));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
