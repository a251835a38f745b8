// History and replay: a finished bot game is listed and can be stepped through, every hand
// visible.
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

test('a finished game is listed and replayed event by event with all hands shown', async () => {
  const table = await api('POST', '/api/tables', {
    ruleset: 'millington',
    seats: ['greedy', 'greedy', 'random', 'greedy'],
    seed: 3,
    max_hands: 2,
  });
  // Bots only: the game plays itself out.
  await waitForGame(table.id);
  const page = await newPage(browser);
  await page.goto(BASE + '/history');
  const row = page.locator(`[data-testid=games] tr[data-game="${table.id}"]`);
  await row.waitFor();
  await row.locator('a').click();
  await page.waitForURL(new RegExp(`/history/${table.id}$`));
  await page.waitForSelector('[data-testid=replay]');
  // It opens on the first hand's scores: every hand face up, the score breakdown shown.
  const faceUp = await page.locator('[data-testid=rp-hand] svg[data-tile]:not([data-tile=back])').count();
  assert.ok(faceUp >= 4 * 13, `all hands visible (${faceUp} tiles)`);
  assert.ok(await page.locator('.replay-scores .seat-score').count() === 4);
  // Stepping moves one event at a time; the start shows the deal.
  await page.click('[data-testid=rp-start]');
  assert.equal(await page.getAttribute('[data-testid=replay]', 'data-pos'), '0');
  await page.click('[data-testid=rp-step]');
  await page.click('[data-testid=rp-step]');
  assert.equal(await page.getAttribute('[data-testid=replay]', 'data-pos'), '2');
  assert.match(await page.textContent('[data-testid=rp-event]'), /dealt 1[34] tiles/);
  await page.click('[data-testid=rp-end]');
  assert.match(await page.textContent('[data-testid=rp-event]'), /game is over/);
  assert.equal(await page.locator('[data-testid=totals] tbody tr').count(), 2, 'two hands in the totals');
  // Each seat's total stays whole inside its nameplate, with the longer Czech names and a
  // total as wide as a long game's (its text widened here to −10 000).
  await page.click('button[data-lang=cs]');
  const plates = await page.$$eval('.replay-seat .nameplate', (els) =>
    els.map((el) => {
      const plate = el.getBoundingClientRect();
      const total = el.querySelector('.np-total');
      total.textContent = '−10 000';
      const box = total.getBoundingClientRect();
      return { text: total.textContent, inside: box.right <= plate.right + 0.5, whole: total.scrollWidth <= total.clientWidth + 0.5 };
    }),
  );
  for (const p of plates) assert.ok(p.inside && p.whole, `total ${p.text} clipped`);
  await page.click('button[data-lang=en]');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
