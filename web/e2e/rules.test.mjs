// A scored item's rule id opens what the rule says (issue #19): the rule's name and text from
// the catalogue, in the language of the page; Escape or a click outside closes it, the
// keyboard opens it, and it fits a phone's screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { BASE, api, launch, newPage, playByClicking } from './helpers.mjs';

const CATALOGUE = JSON.parse(fs.readFileSync(new URL('../src/i18n/catalogue.json', import.meta.url), 'utf8'));
const entry = (id) => CATALOGUE.find((e) => e.id === id);
/** Rule `id`'s text in `lang` as the page shows it (option names, in backticks, as code). */
const shown = (id, lang) => entry(id).text[lang].replaceAll('`', '');

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

async function setLang(page, lang) {
  await page.click(`button[data-lang=${lang}]`);
  await page.waitForSelector(`html[lang=${lang}]`);
}

/** The scoring assistant with its example table (seed 000: North wins with 48). */
async function example(page) {
  await page.goto(BASE + '/score');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.click('[data-testid=sa-example]');
  await page.locator('[data-testid=sa-seat-N] tr[data-rule=M116d]').waitFor();
}

const focused = (page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return { testid: el?.getAttribute('data-testid') ?? null, text: el?.textContent?.trim() ?? '' };
  });

test('a rule id opens its name and text in Czech; Escape and a click outside close it', async () => {
  const page = await newPage(browser);
  await example(page);
  await setLang(page, 'cs');
  const link = page.locator('[data-testid=sa-seat-N] tr[data-rule=M116d] [data-testid=rule-link]');
  assert.equal((await link.textContent()).trim(), 'M116d');
  assert.equal(await link.getAttribute('aria-expanded'), 'false');
  assert.equal(await link.getAttribute('title'), 'Co říká pravidlo M116d');
  await link.click();
  const pop = page.locator('[data-testid=rule-pop]');
  await pop.waitFor();
  assert.equal(await pop.getAttribute('data-rule'), 'M116d');
  assert.equal(await pop.getAttribute('role'), 'dialog');
  assert.equal((await pop.locator('b').textContent()).replace(/\s+/g, ' ').trim(), 'M116d pong draků');
  assert.equal((await pop.locator('[data-testid=rule-text]').textContent()).trim(), 'Každý pong nebo kong draků dává 1 zdvojení, každému hráči.');
  assert.equal(entry('M116d').text.cs, 'Každý pong nebo kong draků dává 1 zdvojení, každému hráči.');
  assert.equal(await link.getAttribute('aria-expanded'), 'true');
  // Focus moves into the popover.
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'rule-pop');

  // Escape closes it and gives focus back to the id.
  await page.keyboard.press('Escape');
  await pop.waitFor({ state: 'detached' });
  assert.deepEqual(await focused(page), { testid: 'rule-link', text: 'M116d' });

  // The keyboard opens it again (Enter on the focused id); a click outside closes it.
  await page.keyboard.press('Enter');
  await pop.waitFor();
  await page.click('h1');
  await pop.waitFor({ state: 'detached' });
  // Tabbing out of it closes it too: from the popover to its close button, then onwards.
  await link.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'rule-pop');
  await page.keyboard.press('Tab');
  assert.equal((await focused(page)).testid, 'rule-pop-close');
  await page.keyboard.press('Tab');
  await pop.waitFor({ state: 'detached' });

  // An option's name in the text is code; the text follows the language.
  await setLang(page, 'pl');
  await page.locator('[data-testid=sa-seat-N] tr[data-rule=M115a] [data-testid=rule-link]').click();
  await pop.waitFor();
  assert.equal((await pop.locator('[data-testid=rule-text]').textContent()).trim(), shown('M115a', 'pl'));
  assert.equal(await pop.locator('code').textContent(), 'mahjong_points');
  // The close button closes it too.
  await page.click('[data-testid=rule-pop-close]');
  await pop.waitFor({ state: 'detached' });
  await setLang(page, 'en');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('on a phone the rule text fits the screen', async () => {
  const phone = await newPage(browser, { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  await example(phone);
  await setLang(phone, 'cs');
  const link = phone.locator('[data-testid=sa-seat-E] tr[data-rule=M114b] [data-testid=rule-link]').first();
  await link.scrollIntoViewIfNeeded();
  await link.tap();
  const pop = phone.locator('[data-testid=rule-pop]');
  await pop.waitFor();
  assert.equal((await pop.locator('[data-testid=rule-text]').textContent()).trim(), shown('M114b', 'cs'));
  const box = await pop.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 360, `inside the width: ${JSON.stringify(box)}`);
  assert.ok(box.y >= 0 && box.y + box.height <= 740, `inside the height: ${JSON.stringify(box)}`);
  // A tap outside closes it.
  await phone.tap('h1');
  await pop.waitFor({ state: 'detached' });
  await setLang(phone, 'en');
  assert.deepEqual(phone.errors, []);
  await phone.context().close();
});

test("the score sheet after a hand links each item's rule id to its text", async () => {
  const table = await api('POST', '/api/tables', {
    ruleset: 'millington',
    seats: ['human', 'greedy', 'greedy', 'greedy'],
    options: { claim_seconds: 0 },
    seed: 5,
  });
  const page = await newPage(browser);
  await page.goto(BASE + '/');
  await setLang(page, 'pl');
  await page.goto(BASE + table.seats[0].join_url);
  await page.waitForSelector('[data-testid=hand] svg[data-tile]');
  const sheet = page.locator('[data-testid=score-sheet]');
  await playByClicking(page, async () => (await sheet.count()) > 0);
  await sheet.waitFor();
  const links = sheet.locator('tr[data-rule] [data-testid=rule-link]');
  assert.ok((await links.count()) > 0, 'the sheet has scored items');
  const first = sheet.locator('tr[data-rule]').first();
  const id = await first.getAttribute('data-rule');
  await first.locator('[data-testid=rule-link]').click();
  const pop = page.locator('[data-testid=rule-pop]');
  await pop.waitFor();
  assert.equal(await pop.getAttribute('data-rule'), id);
  assert.equal((await pop.locator('[data-testid=rule-text]').textContent()).trim(), shown(id, 'pl'));
  // Escape closes the rule, not the sheet.
  await page.keyboard.press('Escape');
  await pop.waitFor({ state: 'detached' });
  assert.equal(await sheet.count(), 1);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
