// The malaysian-3p table in a real browser: jokers dealt into the hand, one exposed as a
// bonus tile with its own button (MY3-J6), and the score sheet counting fan.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
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
