// The Kajongg presets in a real browser: a bmja table is offered on the home page by its
// name, plays a hand to the end and its score sheet cites Kajongg's rules (KJ-…).
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

test('the home page offers the Kajongg presets by name', async () => {
  const page = await newPage(browser);
  await page.goto(BASE + '/');
  // The list comes from the server once the page has loaded.
  await page.waitForFunction(
    () => document.querySelectorAll('[data-testid=quick-ruleset] option').length > 2,
  );
  const options = await page.locator('[data-testid=quick-ruleset] option').allTextContents();
  assert.ok(options.some((o) => o.includes('Kajongg DMJL')), options.join(', '));
  assert.ok(options.some((o) => o.includes('Kajongg BMJA')), options.join(', '));
  assert.deepEqual(page.errors, []);
});

test('a bmja table plays a hand to its score sheet with Kajongg rule ids', async () => {
  const table = await api('POST', '/api/tables', {
    ruleset: 'bmja',
    seats: ['human', 'greedy', 'greedy', 'greedy'],
    options: { claim_seconds: 0 },
    seed: 5,
    max_hands: 1,
  });
  const page = await newPage(browser);
  await page.goto(BASE + table.seats[0].join_url);
  await page.waitForSelector('[data-testid=hand] svg[data-tile]');
  const sheet = page.locator('[data-testid=score-sheet]');
  await playByClicking(page, async () => (await sheet.count()) > 0, { timeoutMs: 120_000 });
  await sheet.waitFor();
  const text = await sheet.textContent();
  // A won hand lists Kajongg's items; a washout says so.
  assert.match(text, /KJ-|washout|draw|no winner/i, text);
  assert.deepEqual(page.errors, []);
});
