// A japanese-3p riichi win turns over the ura-dora indicators (J3-S8): the score sheet shows
// them by the winner's items, the table centre next to the dora indicator under a label of
// their own, the replay with the reveal event; in English, Czech and Polish. A win whose
// reveal lists none shows none of it. The hands are injected into a quiet table's page, the
// replay's record served to the page, so every run shows the same.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, drop, launch, newPage, quietTable, tablePage } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const CONCEALED = [
  ['1C', '1C', '9C', '2D', '3D', '4D', '6D', '7D', '8D', '1B', '5B', '9B', 'EW'],
  ['1C', '1C', '1C', '2D', '3D', '4D', '5D', '6D', '7D', '2B', '3B', '4B', '9D', '9D'],
  ['9C', '9C', '1D', '1D', '5D', '6B', '7B', '8B', 'NW', 'NW', 'WD', 'GD', 'RD'],
];

/**
 * Hand `n`: seat 1 declared riichi and wins from the wall; `reveal` is the rest of the reveal
 * event (its `ura_indicators`, or nothing).
 */
const win = (n, reveal) => [
  { type: 'hand_start', hand: n, prevailing: 'E', dealer: 0, dice: null, dora: '1C' },
  { type: 'discard', player: 1, tile: 'EW', call: true },
  { type: 'mahjong', player: 1, tile: '9D', from: 'wall' },
  { type: 'reveal', hands: CONCEALED, ...reveal },
  {
    type: 'scores',
    scores: [0, 3900, 0],
    limits: [null, null, null],
    items: [
      [],
      [
        { rule: 'J3-Y4', points: 1 },
        { rule: 'J3-S8', name: 'Bazoro', points: 2 },
        ...(reveal.ura_indicators ? [{ rule: 'J3-S8', name: 'ura-dora', points: 1 }] : []),
      ],
      [],
    ],
    settlement: [-2000, 4000, -2000],
    payments: [
      { from: 0, to: 1, amount: 2000 },
      { from: 2, to: 1, amount: 2000 },
    ],
  },
];

const URA = { ura_indicators: ['3B', 'SW'] };

// What each language shows: the label on the sheet (with its colon) and in the centre, the
// dora indicator's label beside it, the indicators' tile names, the replay's reveal line.
const EXPECTED = {
  en: {
    sheet: 'Ura-dora indicators:',
    centre: 'Ura-dora indicators',
    dora: 'Dora indicator',
    names: ['3 Bamboo', 'South'],
    replay: 'Every hand is shown; ura-dora indicators',
  },
  cs: {
    sheet: 'Ukazatele ura-dory:',
    centre: 'Ukazatele ura-dory',
    dora: 'Ukazatel dory',
    names: ['3 bambusy', 'Jih'],
    replay: 'Všichni ukazují své ruce; ukazatele ura-dory',
  },
  pl: {
    sheet: 'Wskaźniki ura-dory:',
    centre: 'Wskaźniki ura-dory',
    dora: 'Wskaźnik dory',
    names: ['3 bambusy', 'Południe'],
    replay: 'Wszyscy odsłaniają kamienie; wskaźniki ura-dory',
  },
};

const text = async (locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();
const tiles = async (locator) => locator.locator('svg[data-tile]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tile')));
const names = async (locator) => locator.locator('svg[data-tile]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));

test('a riichi win shows its ura-dora indicators on the sheet and in the centre; a win without them shows none', async () => {
  const table = await quietTable('japanese-3p', 3);
  const page = await tablePage(browser, { viewport: { width: 1280, height: 800 } }, 'en');
  await page.goto(BASE + table.seats[0].join_url);
  await page.waitForSelector('[data-testid=hand] svg[data-tile]');
  const sheet = page.locator('[data-testid=score-sheet]');
  const show = async (events) => {
    await page.evaluate((evs) => evs.forEach((event) => window.__inject({ type: 'event', event })), events);
    await sheet.waitFor();
  };
  const centre = page.locator('[data-testid=center]');
  const ura = sheet.locator('[data-testid=sheet-ura]');

  await show(win(0, URA));
  for (const lang of ['en', 'cs', 'pl']) {
    const want = EXPECTED[lang];
    if (lang !== 'en') {
      await page.click(`button[data-lang=${lang}]`);
      await page.click('[data-testid=sheet-btn]');
      await sheet.waitFor();
    }
    // Once, in the winner's box, above the items it was counted for.
    assert.equal(await ura.count(), 1, lang);
    assert.equal(await sheet.locator('.seat-score.winner[data-player="1"] [data-testid=sheet-ura]').count(), 1, lang);
    assert.equal(await text(ura), want.sheet, lang);
    assert.equal(await text(ura.locator('[data-testid=sheet-ura-label]')), want.sheet, lang);
    assert.deepEqual(await tiles(ura), ['3B', 'SW'], lang);
    assert.deepEqual(await names(ura), want.names, lang);
    const above = await sheet
      .locator('.seat-score.winner')
      .evaluate((box) => !!(box.querySelector('[data-testid=sheet-ura]').compareDocumentPosition(box.querySelector('table.items')) & Node.DOCUMENT_POSITION_FOLLOWING));
    assert.ok(above, `${lang}: the line comes before the items`);

    // The sheet covers the centre: closed, the centre shows both, each with its own label.
    await page.click('[data-testid=sheet-close]');
    await sheet.waitFor({ state: 'detached' });
    const centreUra = centre.locator('[data-testid=ura]');
    const centreDora = centre.locator('[data-testid=dora]');
    assert.equal(await text(centreUra), want.centre, lang);
    assert.deepEqual(await tiles(centreUra), ['3B', 'SW'], lang);
    assert.deepEqual(await names(centreUra), want.names, lang);
    assert.equal(await text(centreDora), want.dora, lang);
    assert.deepEqual(await tiles(centreDora), ['1C'], lang);
  }

  // The next hand: the same win, its reveal without `ura_indicators` (every win but a riichi
  // winner's), then with an empty list: no line on the sheet, nothing in the centre.
  for (const [n, reveal] of [
    [1, {}],
    [2, { ura_indicators: [] }],
  ]) {
    await show(win(n, reveal));
    assert.equal(await sheet.locator('[data-testid=sheet-how-text]').count(), 1);
    assert.equal(await sheet.locator('.seat-score.winner').count(), 1);
    assert.equal(await ura.count(), 0, `hand ${n}`);
    await page.click('[data-testid=sheet-close]');
    await sheet.waitFor({ state: 'detached' });
    assert.equal(await centre.locator('[data-testid=ura]').count(), 0, `hand ${n}`);
    assert.deepEqual(await tiles(centre.locator('[data-testid=dora]')), ['1C'], `hand ${n}`);
  }
  // The first hand's sheet, chosen again from the tabs, still shows its indicators.
  await page.click('[data-testid=sheet-btn]');
  await sheet.locator('.hand-tabs .tab', { hasText: /^1$/ }).click();
  assert.equal(await text(ura), EXPECTED.pl.sheet);
  assert.deepEqual(await tiles(ura), ['3B', 'SW']);

  assert.deepEqual(page.errors, []);
  await page.context().close();
  await drop(table);
});

test('the replay shows the ura-dora indicators with the reveal and by the winner on the scores', async () => {
  const header = { type: 'game', version: 3, ruleset: { name: 'japanese-3p', family: 'japanese' }, seats: 3, players: ['Ann', 'Bob', 'Cy'] };
  const record = [header, ...win(0, URA), { type: 'game_end', totals: [-2000, 4000, -2000] }].map((l) => JSON.stringify(l)).join('\n') + '\n';
  for (const lang of ['en', 'cs', 'pl']) {
    const want = EXPECTED[lang];
    const page = await newPage(browser);
    await page.addInitScript((l) => localStorage.setItem('mahjong.lang', l), lang);
    await page.route('**/api/games/ura-replay', (route) => route.fulfill({ status: 200, contentType: 'application/x-ndjson', body: record }));
    await page.goto(BASE + '/history/ura-replay');
    // It opens on the scores: the winner's box has the line.
    const ura = page.locator('.replay-scores .seat-score.winner[data-player="1"] [data-testid=sheet-ura]');
    await ura.waitFor();
    assert.equal(await text(ura), want.sheet, lang);
    assert.deepEqual(await tiles(ura), ['3B', 'SW'], lang);
    // One step back: the reveal, its line naming the indicators.
    await page.click('[data-testid=rp-back]');
    const event = page.locator('[data-testid=rp-event]');
    await event.locator('[data-testid=rp-ura]').waitFor();
    assert.equal(await text(event), want.replay, lang);
    assert.deepEqual(await tiles(event), ['3B', 'SW'], lang);
    assert.deepEqual(await names(event), want.names, lang);
    // One more: the win, which has no such line.
    await page.click('[data-testid=rp-back]');
    assert.equal(await event.locator('[data-testid=rp-ura]').count(), 0, lang);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
