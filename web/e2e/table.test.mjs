// The table in a real browser: a whole hand against bots by clicking, one table from two
// browser contexts, and a reload that reconnects with the full view.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, api, launch, newPage, playByClicking } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a whole hand against three bots, played by clicking, ends on the score sheet', async () => {
  const page = await newPage(browser);
  await page.goto(BASE + '/');
  await page.click('[data-testid=play-bots]');
  await page.waitForURL(/\/table\/[^/?]+\?token=/);
  await page.waitForSelector('[data-testid=hand] svg[data-tile]');
  // Tiles are drawn with their codes; the seat holds 13 or 14 of them.
  const codes = await page.locator('[data-testid=hand] svg[data-tile]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tile')));
  assert.ok(codes.length === 13 || codes.length === 14, `hand of ${codes.length}`);
  for (const c of codes) assert.match(c, /^([1-9][BCD]|[ESWN]W|[RGW]D)$/);
  const wall = Number(await page.textContent('[data-testid=wall-count]'));
  assert.ok(wall > 50 && wall < 144, `wall ${wall}`);

  const sheet = page.locator('[data-testid=score-sheet]');
  // Quick play's bots pause 400 ms before each move, so a hand takes a minute or so.
  const clicks = await playByClicking(page, async () => (await sheet.count()) > 0, { timeoutMs: 240_000 });
  assert.ok(clicks > 0, 'the human seat acted');

  // The score sheet: four seats, settlements summing to zero, running totals and the chart.
  await sheet.waitFor();
  const seats = sheet.locator('.seat-score');
  assert.equal(await seats.count(), 4);
  const settlements = await sheet.locator('[data-testid=settlement]').allTextContents();
  // Numbers as the client writes them: grouped thousands (1,000) and a true minus sign.
  const values = settlements.map((s) => Number(s.replace('−', '-').replace('+', '').replace(/,/g, '')));
  assert.equal(values.length, 4);
  assert.equal(values.reduce((a, b) => a + b, 0), 0, `settlement ${settlements}`);
  await sheet.locator('[data-testid=chart] svg').waitFor();
  await sheet.locator('[data-testid=totals]').waitFor();
  const how = await sheet.locator('[data-testid=sheet-how]').textContent();
  if (!/Washout/.test(how)) {
    // Someone won: the winner's items cite rule ids with their names.
    const rows = sheet.locator('.seat-score.winner tr[data-rule]');
    assert.ok((await rows.count()) > 0, 'winner has scored items');
    assert.match((await rows.first().locator('.rule-id').textContent()).trim(), /^M\d+[a-z]?$/);
    assert.ok((await rows.first().locator('.rule-text').textContent()).trim().length > 3);
  }
  await page.click('[data-testid=sheet-close]');
  await sheet.waitFor({ state: 'detached' });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a seeded hand played by clicking ends in a win, and the sheet shows what the engine scored', async () => {
  // Seed 4: the bots and this seat's clicks (Mah-Jongg when offered, pass claims, discard the
  // last tile) always play the same hand, and a bot wins it.
  const table = await api('POST', '/api/tables', {
    ruleset: 'millington',
    seats: ['human', 'greedy', 'greedy', 'greedy'],
    options: { claim_seconds: 0 },
    seed: 4,
    max_hands: 1,
  });
  const page = await newPage(browser);
  await page.goto(BASE + table.seats[0].join_url);
  await page.waitForSelector('[data-testid=hand] svg[data-tile]');
  const sheet = page.locator('[data-testid=score-sheet]');
  const clicks = await playByClicking(page, async () => (await sheet.count()) > 0, { timeoutMs: 240_000 });
  assert.ok(clicks > 0, 'the human seat acted');
  await sheet.waitFor();

  // The engine's record of the one-hand game (published once it is over): who won, each
  // player's items, score and settlement.
  let record;
  for (let i = 0; i < 50 && typeof record !== 'string'; i++) {
    const r = await fetch(`${BASE}/api/games/${table.id}`);
    if (r.ok) record = await r.text();
    else await page.waitForTimeout(100);
  }
  assert.equal(typeof record, 'string', 'the record is published when the game is over');
  const events = record
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const win = events.find((e) => e.type === 'mahjong');
  assert.ok(win, 'seed 4 ends the first hand in a win (if the bots changed, pick another seed)');
  const scores = events.find((e) => e.type === 'scores');
  const winner = sheet.locator('.seat-score.winner');
  assert.equal(await winner.count(), 1);
  assert.equal(Number(await winner.getAttribute('data-player')), win.player);
  for (let q = 0; q < 4; q++) {
    const seat = sheet.locator(`.seat-score[data-player="${q}"]`);
    assert.equal(Number((await seat.locator('[data-testid=seat-score]').textContent()).replace(/,/g, '')), scores.scores[q], `score of ${q}`);
    const settle = (await seat.locator('[data-testid=settlement]').textContent()).replace('−', '-').replace('+', '').replace(/,/g, '');
    assert.equal(Number(settle), scores.settlement[q], `settlement of ${q}`);
    const rules = await seat.locator('tr[data-rule]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-rule')));
    assert.deepEqual(rules, scores.items[q].map((i) => i.rule), `items of ${q}`);
  }
  assert.match(await sheet.locator('[data-testid=sheet-how]').textContent(), /Mah-?Jongg|won|wins/i);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a table made on the home page is joined from two browser contexts by its seat links', async () => {
  const [a, b] = [await newPage(browser), await newPage(browser)];
  // Ann opens a table for two humans and two bots, and sends Bob the South seat's link.
  await a.goto(BASE + '/');
  // The card says which rules the table gets: those chosen above it.
  assert.equal((await a.textContent('[data-testid=friends-rules]')).trim(), 'Rules (chosen above): Classical (Millington)');
  // The claim timer starts at the ruleset's own (its option claim_seconds), as quick play's.
  assert.equal(await a.inputValue('[data-testid=claim-seconds]'), '10');
  await a.selectOption('[data-testid=seat-kind-0]', 'human');
  await a.selectOption('[data-testid=seat-kind-1]', 'human');
  await a.selectOption('[data-testid=seat-kind-2]', 'greedy');
  await a.selectOption('[data-testid=seat-kind-3]', 'random');
  await a.fill('[data-testid=seat-name-0]', 'Ann');
  await a.fill('[data-testid=seat-name-1]', 'Bob');
  await a.click('[data-testid=create-table]');
  await a.waitForSelector('[data-testid=seat-links]');
  const links = [await a.inputValue('[data-testid=join-url-0]'), await a.inputValue('[data-testid=join-url-1]')];
  for (const l of links) assert.match(l, /\/table\/[^/?]+\?token=.+/);
  assert.equal(await a.locator('[data-testid=join-url-2]').count(), 0, 'bot seats have no link');
  await a.locator('[data-seat="0"] button.primary').click();
  await a.waitForURL(links[0]);
  await a.waitForSelector('[data-testid=waiting]');
  await b.goto(links[1]);
  // Both humans are in: the table starts, nobody waits any more.
  for (const p of [a, b]) {
    await p.waitForSelector('[data-testid=hand] svg[data-tile]');
    await p.waitForSelector('[data-testid=waiting]', { state: 'detached' });
  }
  const handA = await a.locator('[data-testid=hand] svg[data-tile]').evaluateAll((els) => els.map((e) => e.dataset.tile));
  const handB = await b.locator('[data-testid=hand] svg[data-tile]').evaluateAll((els) => els.map((e) => e.dataset.tile));
  assert.equal(handA.length, 14, 'East holds 14 tiles');
  assert.equal(handB.length, 13, 'South holds 13');
  // Each sees the other by name, with face-down tiles only.
  assert.ok(await a.locator('.seat[data-player="1"] .np-name', { hasText: 'Bob' }).count());
  assert.ok(await b.locator('.seat[data-player="0"] .np-name', { hasText: 'Ann' }).count());
  assert.equal(await b.locator('.seat[data-player="0"] .concealed svg[data-tile]:not([data-tile=back])').count(), 0);

  // Ann (East) discards by clicking a tile twice; Bob sees it in Ann's discards.
  const tile = a.locator('[data-testid=hand] svg.tile.clickable').last();
  const code = await tile.getAttribute('data-tile');
  await tile.click();
  await tile.click();
  await b.waitForSelector(`.pond-wrap[data-player="0"] svg[data-tile="${code}"]`);
  await a.waitForSelector(`.pond-me svg[data-tile="${code}"]`);
  assert.deepEqual([...a.errors, ...b.errors], []);
  await a.context().close();
  await b.context().close();
});

test('a tile dragged to the centre is discarded, and a reload reconnects the seat with its full view', async () => {
  const table = await api('POST', '/api/tables', {
    ruleset: 'millington',
    seats: ['human', 'greedy', 'greedy', 'greedy'],
    // No claim timer: the table waits for the seat, so the view before and after is the same.
    options: { claim_seconds: 0 },
    seed: 11,
  });
  const page = await newPage(browser);
  await page.goto(BASE + table.seats[0].join_url);
  await page.waitForSelector('[data-testid=hand][data-my-turn=yes]');
  // Play one discard, dragged to the centre of the table, so there is history to come back to.
  const first = page.locator('[data-testid=hand] svg.tile.clickable').last();
  const discarded = await first.getAttribute('data-tile');
  await first.dragTo(page.locator('[data-testid=center]'));
  await page.waitForSelector(`.pond-me svg[data-tile="${discarded}"]`);
  await page.waitForSelector('[data-testid=hand][data-my-turn=yes], [data-testid=actions] button[data-action=pass]');
  const before = await page.locator('[data-testid=hand] svg[data-tile]').evaluateAll((els) => els.map((e) => e.dataset.tile).sort());
  const wallBefore = await page.textContent('[data-testid=wall-count]');

  await page.reload();
  await page.waitForSelector('[data-testid=hand] svg[data-tile]');
  await page.waitForSelector('[data-conn=open]');
  const after = await page.locator('[data-testid=hand] svg[data-tile]').evaluateAll((els) => els.map((e) => e.dataset.tile).sort());
  assert.deepEqual(after, before, 'the same concealed tiles after the reload');
  assert.equal(await page.textContent('[data-testid=wall-count]'), wallBefore);
  assert.equal(await page.locator(`.pond-me svg[data-tile="${discarded}"]`).count(), 1, 'own discard still shown');
  // And the seat can go on playing.
  await page.waitForSelector('[data-testid=hand][data-my-turn=yes], [data-testid=actions] button[data-action=pass]');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
