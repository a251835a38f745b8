// Czech and Polish: the interface and the rule names change with the language.
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

test('switching to Czech and Polish changes the text, rule names included, and sticks', async () => {
  const page = await newPage(browser);
  await page.goto(BASE + '/score');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.click('button[data-lang=en]');
  await page.click('[data-testid=sa-example]');
  const ruleName = page.locator('[data-testid=sa-seat-N] tr[data-rule=M116d] .rule-text');
  await ruleName.waitFor();
  assert.equal(await page.textContent('[data-nav=score] .long'), 'Scoring assistant');
  assert.equal((await ruleName.textContent()).trim(), 'pung of dragons');
  assert.equal(await page.getAttribute('html', 'lang'), 'en');

  await page.click('button[data-lang=cs]');
  assert.equal(await page.textContent('[data-nav=score] .long'), 'Počítání bodů');
  assert.equal(await page.textContent('h1'), 'Počítání bodů');
  assert.equal((await ruleName.textContent()).trim(), 'pong draků');
  assert.equal((await page.locator('[data-testid=sa-seat-N] tr[data-rule=M115a] .rule-text').textContent()).trim(), 'dosažení mahjongu');
  assert.equal(await page.getAttribute('html', 'lang'), 'cs');

  await page.click('button[data-lang=pl]');
  assert.equal(await page.textContent('[data-nav=score] .long'), 'Liczenie punktów');
  assert.equal((await ruleName.textContent()).trim(), 'pung smoków');
  assert.equal((await page.locator('[data-testid=sa-seat-E] tr[data-rule=M114a] .rule-text').first().textContent()).trim(), 'kwiat lub pora roku');

  // The choice is remembered.
  await page.goto(BASE + '/');
  assert.equal(await page.textContent('[data-nav=history]'), 'Gry');
  assert.match(await page.textContent('[data-testid=play-bots]'), /Graj z 3 botami/);
  await page.click('button[data-lang=cs]');
  assert.match(await page.textContent('[data-testid=play-bots]'), /Hrát proti 3 botům/);
  await page.click('button[data-lang=en]');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
