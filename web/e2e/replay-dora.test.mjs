// The replay's board shows the hand's dora indicators as the live table's centre does: the one
// revealed at the hand's start, each kan-dora's as its `indicator` event turns it over (J3-T5),
// the ura-dora ones with a riichi winner's reveal (J3-S8), under the table's labels in English,
// Czech and Polish; each hand starts again from its own. A made-up record is served to the
// page, so every run shows the same; a bot game's record checks the server's own, and a
// classical game's replay shows none of it at any step.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, api, launch, newPage, waitForGame } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const CONCEALED = [
  ['1C', '1C', '9C', '2D', '3D', '4D', '6D', '7D', '8D', '1B'],
  ['1C', '1C', '1C', '2D', '3D', '4D', '5D', '6D', '7D', '2B', '3B', '4B', '9D', '9D'],
  ['9C', '9C', '1D', '1D', '5D', '6B', '7B', '8B', 'NW', 'NW', 'WD', 'GD', 'RD'],
];

/** Hand `n`, its start's indicator `dora`: seat 1 declares riichi and wins from the wall. */
const win = (n, dora, middle, ura) => [
  { type: 'hand_start', hand: n, prevailing: 'E', dealer: 0, dice: null, dora },
  ...middle,
  { type: 'discard', player: 1, tile: 'EW', call: true },
  { type: 'mahjong', player: 1, tile: '9D', from: 'wall' },
  { type: 'reveal', hands: CONCEALED, ura_indicators: ura },
  {
    type: 'scores',
    scores: [0, 3900, 0],
    limits: [null, null, null],
    items: [
      [],
      [
        { rule: 'J3-Y4', points: 1 },
        { rule: 'J3-S8', name: 'Bazoro', points: 2 },
        { rule: 'J3-S8', name: 'ura-dora', points: 1 },
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

// Hand 1: seat 0's concealed kong turns over a kan-dora (the engine's order: the set, the
// indicator, the loose tile), and two ura-dora with the reveal. Hand 2: one of each.
const KONG = [
  { type: 'set', player: 0, kind: { kong: 'concealed' }, tile: 'RD' },
  { type: 'indicator', tile: '7D' },
  { type: 'draw', player: 0, tile: '2B', loose: true },
  { type: 'discard', player: 0, tile: '2B' },
];
const EVENTS = [...win(0, '1C', KONG, ['3B', 'SW']), ...win(1, 'WD', [], ['9C']), { type: 'game_end', totals: [-4000, 8000, -4000] }];
const at = (type, from = 0) => EVENTS.findIndex((e, i) => i >= from && e.type === type);
const SECOND = at('hand_start', 1);

// Each language's labels, exactly as its i18n file has them (`table.dora`, `table.ura.*`).
const LABELS = {
  en: { dora: 'Dora indicator', ura1: 'Ura-dora indicator', ura2: 'Ura-dora indicators' },
  cs: { dora: 'Ukazatel dory', ura1: 'Ukazatel ura-dory', ura2: 'Ukazatele ura-dory' },
  pl: { dora: 'Wskaźnik dory', ura1: 'Wskaźnik ura-dory', ura2: 'Wskaźniki ura-dory' },
};

const text = async (locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();
const tiles = async (locator) => locator.locator('svg[data-tile]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tile')));

/** Moves the replay to event `i` (0-based) with its slider. */
async function goTo(page, i) {
  await page.locator('.replay-controls input[type=range]').fill(String(i));
  await page.waitForSelector(`[data-testid=replay][data-pos="${i}"]`);
}

/** What the board shows: each row's label and tiles, null for a row not there. */
async function board(page) {
  const row = async (id) => {
    const l = page.locator(`.replay-board [data-testid=${id}]`);
    return (await l.count()) ? { label: await text(l), tiles: await tiles(l) } : null;
  };
  return { dora: await row('dora'), ura: await row('ura') };
}

test('the replay board shows the dora, kan-dora and ura-dora indicators with the table labels', async () => {
  const header = { type: 'game', version: 3, ruleset: { name: 'japanese-3p', family: 'japanese' }, seats: 3, players: ['Ann', 'Bob', 'Cy'] };
  const record = [header, ...EVENTS].map((l) => JSON.stringify(l)).join('\n') + '\n';
  for (const lang of ['en', 'cs', 'pl']) {
    const want = LABELS[lang];
    const dora = (...codes) => ({ label: want.dora, tiles: codes });
    const page = await newPage(browser);
    await page.addInitScript((l) => localStorage.setItem('mahjong.lang', l), lang);
    await page.route('**/api/games/dora-replay', (route) => route.fulfill({ status: 200, contentType: 'application/x-ndjson', body: record }));
    await page.goto(BASE + '/history/dora-replay');
    await page.waitForSelector('[data-testid=replay]');

    // [event, what the board shows after it]
    const steps = [
      [0, dora('1C'), null], // the hand's start turns over its indicator
      [at('set'), dora('1C'), null], // the kong: its kan-dora not yet
      [at('indicator'), dora('1C', '7D'), null],
      [at('mahjong'), dora('1C', '7D'), null], // the win: no ura-dora before the reveal
      [at('reveal'), dora('1C', '7D'), { label: want.ura2, tiles: ['3B', 'SW'] }],
      [at('scores'), dora('1C', '7D'), { label: want.ura2, tiles: ['3B', 'SW'] }],
      [SECOND, dora('WD'), null], // the next hand starts from its own
      [at('mahjong', SECOND), dora('WD'), null],
      [at('reveal', SECOND), dora('WD'), { label: want.ura1, tiles: ['9C'] }],
      [EVENTS.length - 1, dora('WD'), { label: want.ura1, tiles: ['9C'] }],
      [at('indicator'), dora('1C', '7D'), null], // and back again
    ];
    for (const [i, d, u] of steps) {
      await goTo(page, i);
      assert.deepEqual(await board(page), { dora: d, ura: u }, `${lang}, event ${i} (${EVENTS[i].type})`);
    }
    // The board's indicators are the table's tiles, drawn at the centre's size.
    const sizes = await page.locator('[data-testid=rp-indicators] svg[data-tile]').evaluateAll((els) => els.map((e) => e.getAttribute('class')));
    assert.deepEqual(sizes, ['tile tile-xs', 'tile tile-xs'], lang);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

/** A finished bots-only game's record: its events, and its replay page opened. */
async function botGame(ruleset, seats) {
  const table = await api('POST', '/api/tables', { ruleset, seats: Array(seats).fill('greedy'), seed: 5, max_hands: 1 });
  await waitForGame(table.id);
  const res = await fetch(`${BASE}/api/games/${table.id}`);
  assert.ok(res.ok, `the record of ${table.id}: ${res.status}`);
  const events = (await res.text())
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .filter((l) => l.type !== 'game');
  const page = await newPage(browser);
  await page.goto(`${BASE}/history/${table.id}`);
  await page.waitForSelector('[data-testid=replay]');
  return { events, page };
}

test("a japanese-3p bot game's replay shows the indicators its record turned over", async () => {
  const { events, page } = await botGame('japanese-3p', 3);
  let dora = [];
  let ura = [];
  let checked = 0;
  for (const [i, e] of events.entries()) {
    if (e.type === 'hand_start') {
      assert.ok(e.dora, 'a japanese-3p hand starts with an indicator');
      dora = [e.dora];
      ura = [];
    } else if (e.type === 'indicator') dora = [...dora, e.tile];
    else if (e.type === 'reveal') ura = e.ura_indicators ?? [];
    else continue;
    await goTo(page, i);
    const shown = await board(page);
    assert.deepEqual(shown.dora?.tiles, dora, `event ${i} (${e.type})`);
    assert.deepEqual(shown.ura?.tiles ?? [], ura, `event ${i} (${e.type})`);
    checked++;
  }
  assert.ok(checked >= 2, 'a hand start and its end were checked');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a classical game's replay shows no indicators at any step", async () => {
  const { events, page } = await botGame('millington', 4);
  assert.ok(!events.some((e) => e.dora || e.type === 'indicator' || e.ura_indicators), 'a classical record has no indicators');
  await page.click('[data-testid=rp-start]');
  for (let i = 0; i < events.length; i++) {
    if (i > 0) await page.keyboard.press('ArrowRight');
    await page.waitForSelector(`[data-testid=replay][data-pos="${i}"]`);
    assert.equal(await page.locator('[data-testid=rp-indicators], .replay-board .dora').count(), 0, `event ${i} (${events[i].type})`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
