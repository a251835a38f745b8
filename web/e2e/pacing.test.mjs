// The next hand waits for the player reading the last hand's score sheet: while the sheet is
// open no bot moves and no timer runs (a claim offered behind the sheet would otherwise time
// out unseen); closing it lets the hand go on. Every family, the first from the home page's
// quick play as a new player starts one.
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

/**
 * Plays the human seat of `page` until the first hand's sheet opens, then checks that hand 2
 * is held while it stays open, and goes on once it is closed.
 */
async function heldWhileReading(page) {
  const sheet = page.locator('[data-testid=score-sheet]');
  await playByClicking(page, async () => (await sheet.count()) > 0, { timeoutMs: 240_000 });
  await sheet.waitFor();
  // Hand 2 is dealt behind the sheet.
  await page.waitForFunction(() => /Hand 2(?!\d)/.test(document.querySelector('[data-testid=center]')?.textContent ?? ''));
  // Long enough for the bots to make several moves at their pace if nothing held them.
  await page.waitForTimeout(2500);
  const discards = page.locator('[data-testid=pond] svg[data-tile]');
  assert.equal(await discards.count(), 0, 'nobody discards in hand 2 while the sheet is open');
  assert.equal(await page.locator('[data-testid=timer]').count(), 0, 'no timer runs while the sheet is open');
  assert.equal(await page.locator('[data-testid=actions] button[data-action=pass]').count(), 0, 'no claim is offered');
  assert.equal(await sheet.count(), 1, 'the sheet is still open');

  await page.click('[data-testid=sheet-close]');
  // The hand goes on: the bots (or this seat, the dealer) discard.
  await playByClicking(page, async () => (await discards.count()) > 0, { timeoutMs: 30_000 });
  assert.deepEqual(page.errors, []);
}

test('quick play of japanese-3p: hand 2 waits while the sheet of hand 1 is open', async () => {
  const page = await newPage(browser);
  await page.goto(BASE + '/');
  await page.selectOption('[data-testid=quick-ruleset]', 'japanese-3p');
  await page.click('[data-testid=play-bots]');
  await page.waitForSelector('[data-testid=hand] svg[data-tile]');
  await heldWhileReading(page);
  await page.context().close();
});

for (const [ruleset, seats] of [
  ['millington', 4],
  ['korean-3p', 3],
  ['malaysian-3p', 3],
]) {
  test(`${ruleset}: hand 2 waits while the sheet of hand 1 is open`, async () => {
    const table = await api('POST', '/api/tables', {
      ruleset,
      seats: ['human', ...Array(seats - 1).fill('greedy')],
      options: { claim_seconds: 10 },
      seed: 5,
      max_hands: 2,
      bot_delay_ms: 100,
    });
    const page = await newPage(browser);
    await page.goto(BASE + table.seats[0].join_url);
    await page.waitForSelector('[data-testid=hand] svg[data-tile]');
    await heldWhileReading(page);
    await page.context().close();
  });
}
