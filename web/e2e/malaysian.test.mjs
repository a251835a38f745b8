// The malaysian-3p table in a real browser: jokers dealt into the hand, one exposed as a
// bonus tile with its own button (MY3-J6), the score sheet counting fan, and a payment made
// during play (MY3-I) named by its rule on the sheet.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { BASE, api, launch, newPage, playByClicking, waitForGame } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('a malaysian-3p table deals jokers, exposes one for a loose tile and scores in fan', async () => {
  // Seed 3: East, the human seat, is dealt two jokers.
  const table = await api('POST', '/api/tables', {
    ruleset: 'malaysian-3p',
    seats: ['human', 'greedy', 'greedy'],
    options: { claim_seconds: 0 },
    seed: 3,
    max_hands: 1,
  });
  const page = await newPage(browser);
  await page.goto(BASE + table.seats[0].join_url);
  await page.waitForSelector('[data-testid=hand] svg[data-tile]');
  const handJokers = page.locator('[data-testid=hand] svg[data-tile=JK]');
  assert.equal(await handJokers.count(), 2);

  const expose = page.locator('[data-testid=actions] button[data-action=set_aside][data-arg=JK]');
  assert.match(await expose.textContent(), /Expose the joker/);
  await expose.click();
  // One joker left in the hand, the other among East's bonus tiles; a loose tile drawn.
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid=hand] svg[data-tile=JK]').length === 1,
  );
  assert.equal(await page.locator('[data-testid=me-area] .bonus svg[data-tile=JK]').count(), 1);
  assert.equal(await page.locator('[data-testid=hand] svg[data-tile]').count(), 14);

  // Play the hand out; the winner's items count fan.
  const sheet = page.locator('[data-testid=score-sheet]');
  await playByClicking(page, async () => (await sheet.count()) > 0, { timeoutMs: 120_000 });
  await sheet.waitFor();
  const text = await sheet.textContent();
  assert.match(text, /\d+ fan/, text);
  assert.deepEqual(page.errors, []);
});

test('two winners of one discard are both marked in the replay (multiple_winners, MY3-P3)', async () => {
  // Seed 106: in the first hand two bots win on one discard.
  const table = await api('POST', '/api/tables', {
    ruleset: 'malaysian-3p',
    seats: ['greedy', 'greedy', 'greedy'],
    options: { multiple_winners: true },
    seed: 106,
    max_hands: 1,
  });
  await waitForGame(table.id);
  const page = await newPage(browser);
  await page.goto(BASE + `/history/${table.id}`);
  await page.waitForSelector('[data-testid=replay] .replay-scores');
  const winners = page.locator('.replay-scores .seat-score.winner');
  assert.equal(await winners.count(), 2);
  // Each winner's own hand is scored in fan (what he nets also counts the payments made in
  // play and, under the default payments, what he pays the other winner).
  for (const text of await winners.allTextContents()) assert.match(text, /\d+ fan/, text);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** The game record of a finished table, as events (the `game` header line left out). */
async function recordOf(id) {
  const r = await fetch(`${BASE}/api/games/${id}`);
  assert.ok(r.ok, `the record of ${id}`);
  return (await r.text())
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .filter((e) => e.type !== 'game');
}

test("a payment made during play shows its rule on the sheet's payment line (MY3-I)", async () => {
  // A one-hand bots' game whose hand has a payment made during play (a kong, a bonus group)
  // that is all one player pays another: the first seed that has one, so the test does not
  // hang on one deal of the bots.
  let found = null;
  for (let seed = 1; seed <= 40 && !found; seed++) {
    const table = await api('POST', '/api/tables', {
      ruleset: 'malaysian-3p',
      seats: ['greedy', 'greedy', 'greedy'],
      seed,
      max_hands: 1,
    });
    await waitForGame(table.id);
    const events = await recordOf(table.id);
    const scores = events.find((e) => e.type === 'scores');
    const paid = events.filter((e) => e.type === 'payment' && !e.returned);
    if (events.some((e) => e.type === 'payment' && e.returned)) continue;
    // A line of the settlement paid for one rule's payments alone.
    const line = scores.payments.find((pm) => {
      const parts = paid.filter((p) => p.from === pm.from && p.to === pm.to);
      return parts.length && new Set(parts.map((p) => p.rule)).size === 1 && parts.reduce((a, p) => a + p.amount, 0) === pm.amount;
    });
    if (line) found = { table, scores, line, rule: paid.find((p) => p.from === line.from && p.to === line.to).rule };
  }
  assert.ok(found, 'one of the seeds has a payment made during play');
  const { table, scores, line, rule } = found;
  const catalogue = JSON.parse(fs.readFileSync(new URL('../src/i18n/catalogue.json', import.meta.url), 'utf8'));
  const entry = catalogue.find((e) => e.id === rule);

  const page = await newPage(browser);
  await page.goto(BASE + `/history/${table.id}`);
  // The replay opens on the hand's end, with its payments.
  await page.waitForSelector('[data-testid=replay] [data-testid=payments]');
  const name = async (q) => (await page.locator(`.replay-scores .seat-score[data-player="${q}"] header b`).textContent()).trim();
  const items = page.locator('[data-testid=payments] [data-testid=payment]');
  assert.equal(await items.count(), scores.payments.length);
  const i = scores.payments.indexOf(line);
  const text = (await items.nth(i).textContent()).replace(/\s+/g, ' ').trim();
  const amount = line.amount.toLocaleString('en-US');
  assert.equal(text, `${await name(line.from)} → ${await name(line.to)} ${amount} (${rule} ${entry.names.en})`);
  // The rule id opens what the rule says.
  await items.nth(i).locator('[data-testid=rule-link]').click();
  assert.equal(await page.getAttribute('[data-testid=rule-pop]', 'data-rule'), rule);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
