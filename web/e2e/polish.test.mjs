// What a new player noticed at the table (issue #19): the same names on the table and the
// score sheet, bot names in the player's language, Polish words for a hand and a game, "tap"
// on a phone, no "Your turn" while seats are empty, one humane bot pause, labelled hints.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, api, launch, newPage, playByClicking } from './helpers.mjs';

let browser;
before(async () => {
  // Without a CJK font, as on a fresh Debian.
  browser = await launch({ fonts: 'latin' });
});
after(async () => {
  await browser?.close();
});

/** A table of one human (seat 0, unnamed) and bots that act at once; returns its seat link. */
async function botTable(seed, seats = ['human', 'greedy', 'greedy', 'greedy']) {
  const table = await api('POST', '/api/tables', { ruleset: 'millington', seats, options: { claim_seconds: 0 }, seed });
  return table;
}

async function setLang(page, lang) {
  await page.click(`button[data-lang=${lang}]`);
  await page.waitForSelector(`html[lang=${lang}]`);
}

const plateName = (page, q) => page.locator(`.seat[data-player="${q}"] .np-name`).textContent();

test('the score sheet calls the own unnamed seat "You", as the table does', async () => {
  const table = await botTable(5);
  const page = await newPage(browser);
  await page.goto(BASE + '/');
  await setLang(page, 'en');
  await page.goto(BASE + table.seats[0].join_url);
  await page.waitForSelector('[data-testid=hand] svg[data-tile]');
  assert.equal((await page.textContent('[data-testid=me-area] .np-name')).trim(), 'You');
  const sheet = page.locator('[data-testid=score-sheet]');
  await playByClicking(page, async () => (await sheet.count()) > 0);
  await sheet.waitFor();
  assert.equal((await sheet.locator('.seat-score[data-player="0"] header b').textContent()).trim(), 'You');
  const text = await sheet.textContent();
  assert.doesNotMatch(text, /\bhuman\b/i, 'no "human" on the sheet');
  assert.doesNotMatch(text, /\bgreedy\b(?! bot)/i, 'no bare kind names on the sheet');
  // The totals table and the chart legend name the seats the same way.
  assert.equal((await sheet.locator('[data-testid=totals] th').allTextContents()).filter((s) => s.trim() === 'You').length, 1);
  // In Czech the sheet says "Vy", as the table does (the sheet covers the language buttons).
  await page.click('[data-testid=sheet-close]');
  await setLang(page, 'cs');
  assert.equal((await page.textContent('[data-testid=me-area] .np-name')).trim(), 'Vy');
  await page.click('[data-testid=sheet-btn]');
  assert.equal((await sheet.locator('.seat-score[data-player="0"] header b').textContent()).trim(), 'Vy');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('bot names are shown in English, Czech and Polish, on the table and in the log', async () => {
  const table = await botTable(6);
  const page = await newPage(browser);
  await page.goto(BASE + '/');
  await setLang(page, 'en');
  await page.goto(BASE + table.seats[0].join_url);
  await page.waitForSelector('.seat[data-player="1"] .np-name');
  const expect = {
    en: ['Greedy bot 2', 'Greedy bot 3', 'Greedy bot 4'],
    cs: ['Chamtivý bot 2', 'Chamtivý bot 3', 'Chamtivý bot 4'],
    pl: ['Chciwy bot 2', 'Chciwy bot 3', 'Chciwy bot 4'],
  };
  for (const lang of ['en', 'cs', 'pl']) {
    await setLang(page, lang);
    const names = [];
    for (const q of [1, 2, 3]) names.push((await plateName(page, q)).trim());
    assert.deepEqual(names, expect[lang], lang);
    const log = await page.locator('.log').textContent();
    assert.doesNotMatch(log, /greedy \d/, `${lang}: the log names bots in the language`);
  }
  await setLang(page, 'en');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('Polish calls a hand "rozdanie" and a game "gra", never both "partia"', async () => {
  const table = await botTable(7);
  const page = await newPage(browser);
  await page.goto(BASE + '/');
  await setLang(page, 'pl');
  assert.equal(await page.textContent('[data-nav=history]'), 'Gry');
  await page.goto(BASE + table.seats[0].join_url);
  await page.waitForSelector('[data-testid=hand] svg[data-tile]');
  assert.match(await page.textContent('.center-stats'), /Rozdanie 1/);
  assert.match(await page.textContent('.log'), /Zaczyna się rozdanie 1/);
  assert.doesNotMatch(await page.textContent('body'), /parti/i);
  const sheet = page.locator('[data-testid=score-sheet]');
  await playByClicking(page, async () => (await sheet.count()) > 0);
  assert.equal((await sheet.locator('h2').first().textContent()).trim(), 'Rozdanie 1');
  await page.goto(BASE + '/history');
  await page.waitForSelector('h1');
  assert.doesNotMatch(await page.textContent('body'), /parti/i);
  await setLang(page, 'en');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('on a touch phone the prompt says tap, and tapping a tile twice discards it', async () => {
  const table = await botTable(8);
  const phone = await newPage(browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await phone.goto(BASE + '/');
  await setLang(phone, 'en');
  await phone.goto(BASE + table.seats[0].join_url);
  await phone.waitForSelector('[data-testid=hand][data-my-turn=yes]');
  const prompt = (await phone.textContent('[data-testid=turn-prompt]')).trim();
  assert.match(prompt, /\btap\b/);
  assert.doesNotMatch(prompt, /click|drag/);
  const tile = phone.locator('[data-testid=hand] svg.tile.clickable').last();
  const code = await tile.getAttribute('data-tile');
  await tile.tap();
  await tile.tap();
  await phone.waitForSelector(`.pond-me svg[data-tile="${code}"]`);
  for (const [lang, word] of [['cs', /klepnutím/], ['pl', /stuknij/]]) {
    await setLang(phone, lang);
    await phone.waitForSelector('[data-testid=turn-prompt]');
    assert.match(await phone.textContent('[data-testid=turn-prompt]'), word, lang);
  }
  await setLang(phone, 'en');
  assert.deepEqual(phone.errors, []);
  await phone.context().close();

  // With a mouse the prompt still says click (or drag).
  const desk = await newPage(browser);
  const other = await botTable(9);
  await desk.goto(BASE + other.seats[0].join_url);
  await desk.waitForSelector('[data-testid=turn-prompt]');
  assert.match(await desk.textContent('[data-testid=turn-prompt]'), /click a tile twice/);
  await desk.context().close();
});

test('while seats are empty the table says it is waiting, not "Your turn"', async () => {
  const table = await botTable(10, ['human', 'human', 'greedy', 'greedy']);
  const [a, b] = [await newPage(browser), await newPage(browser)];
  await a.goto(BASE + '/');
  await setLang(a, 'en');
  await a.goto(BASE + table.seats[0].join_url);
  await a.waitForSelector('[data-testid=waiting]');
  await a.waitForSelector('[data-testid=status]');
  assert.equal((await a.textContent('[data-testid=status]')).trim(), 'Waiting for players…');
  assert.doesNotMatch(await a.textContent('body'), /Your turn/);
  assert.equal(await a.locator('[data-testid=turn-prompt]').count(), 0);
  assert.equal(await a.locator('[data-testid=hand] svg.tile.clickable').count(), 0, 'nothing to discard yet');
  // The second player sits down: now it is East's turn.
  await b.goto(BASE + table.seats[1].join_url);
  await a.waitForSelector('[data-testid=waiting]', { state: 'detached' });
  await a.waitForSelector('[data-testid=turn-prompt]');
  assert.equal((await a.textContent('[data-testid=status]')).trim(), 'Your turn');
  assert.deepEqual([...a.errors, ...b.errors], []);
  await a.context().close();
  await b.context().close();
});

test('quick play and a table for friends both let bots pause 400 ms', async () => {
  const page = await newPage(browser);
  await page.goto(BASE + '/');
  await setLang(page, 'en');
  assert.equal(await page.inputValue('[data-testid=bot-delay]'), '400');
  const created = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/tables'));
  // Every table event from the server, with the time it arrived.
  const events = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      const msg = JSON.parse(String(payload));
      if (msg.type === 'event') events.push({ at: Date.now(), e: msg.event });
    }),
  );
  await page.click('[data-testid=play-bots]');
  assert.equal((await created).postDataJSON().bot_delay_ms, 400);
  await page.waitForURL(/\/table\/[^/?]+\?token=/);
  await page.waitForSelector('[data-testid=hand][data-my-turn=yes]');
  const tile = page.locator('[data-testid=hand] svg.tile.clickable').last();
  await tile.click();
  await tile.click();
  // The bots' next discards come at a pace a person can follow.
  const botDiscards = () => events.filter((x) => x.e.type === 'discard' && x.e.player !== 0);
  // Quick play's seed is the clock's: a bot's discard may offer us a claim (the bots then
  // wait for our pass) or the hand may end early; neither is what this test is about.
  const pass = page.locator('[data-testid=actions] button[data-action=pass]');
  const ended = () => events.some((x) => x.e.type === 'scores' || x.e.type === 'washout');
  const until = Date.now() + 30_000;
  // A bot's claim on our discard can bring the turn back to us after two bot discards: then
  // we discard again (double click), so the bots go on.
  const myTurn = page.locator('[data-testid=hand][data-my-turn=yes] svg.tile.clickable');
  while (botDiscards().length < 3 && !ended() && Date.now() < until) {
    if (await pass.count()) await pass.first().click().catch(() => {});
    else if (await myTurn.count()) {
      await myTurn.last().click().catch(() => {});
      await myTurn.last().click().catch(() => {});
    }
    await page.waitForTimeout(100);
  }
  const times = botDiscards().map((x) => x.at);
  const want = ended() ? 2 : 3;
  assert.ok(times.length >= want, `${times.length} bot discards`);
  for (let i = 1; i < Math.min(times.length, 3); i++) {
    assert.ok(times[i] - times[i - 1] >= 350, `gap ${times[i] - times[i - 1]} ms`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the hint labels its numbers in English, Czech and Polish', async () => {
  const table = await botTable(12);
  const page = await newPage(browser);
  await page.goto(BASE + '/');
  await setLang(page, 'en');
  await page.goto(BASE + table.seats[0].join_url);
  await page.waitForSelector('[data-testid=hand][data-my-turn=yes]');
  await page.click('[data-testid=hint-btn]');
  const hint = page.locator('[data-testid=hint]');
  await hint.waitFor();
  const labels = {
    en: ['Tiles from ready (shanten):', 'Best discards', 'Useful tiles after'],
    cs: ['Kamenů do čekání (šanten):', 'Nejlepší odhozy', 'Užitečných kamenů potom'],
    pl: ['Kamieni do gotowości (shanten):', 'Najlepsze zrzuty', 'Przydatnych kamieni potem'],
  };
  for (const lang of ['en', 'cs', 'pl']) {
    await setLang(page, lang);
    const [shanten, best, useful] = labels[lang];
    assert.equal((await hint.locator('[data-testid=hint-shanten] .hint-label').textContent()).trim(), shanten, lang);
    const value = (await hint.locator('[data-testid=hint-shanten] .hint-value').textContent()).trim();
    assert.match(value, /^(\d+|0 · .+|.+!)$/, `${lang}: shanten value ${value}`);
    assert.equal((await hint.locator('[data-testid=hint-best-label]').textContent()).trim(), best + ':', lang);
    assert.equal((await hint.locator('[data-testid=hint-useful-label]').textContent()).trim(), useful + ':', lang);
    const tiles = await hint.locator('[data-testid=hint-best] td svg[data-tile]').count();
    const numbers = await hint.locator('[data-testid=hint-useful] td').allTextContents();
    assert.ok(tiles > 0 && numbers.length === tiles, `${lang}: a number under each tile`);
    for (const n of numbers) assert.match(n.trim(), /^\d+$/);
    // Each number's title and the wall's count take the plural form of their number
    // (1 kámen, 2–4 kameny, 5 kamenů; 1 kamień, 2–4 kamienie, 5 kamieni).
    const form = (n) => new Intl.PluralRules(lang).select(n);
    const usefulWords = {
      en: { one: 'useful tile left', other: 'useful tiles left' },
      cs: { one: 'zbývá {n} užitečný kámen', few: 'zbývají {n} užitečné kameny', other: 'zbývá {n} užitečných kamenů' },
      pl: { one: 'zostaje {n} przydatny kamień', few: 'zostają {n} przydatne kamienie', many: 'zostaje {n} przydatnych kamieni' },
    }[lang];
    const titles = await hint.locator('[data-testid=hint-useful] td').evaluateAll((tds) => tds.map((td) => [td.textContent.trim(), td.title]));
    for (const [n, title] of titles) {
      assert.ok(title.includes(usefulWords[form(Number(n))].replace('{n}', n)), `${lang}: ${n} → ${title}`);
    }
    const wallWords = {
      en: { one: 'tile in the wall', other: 'tiles in the wall' },
      cs: { one: 'kámen ve zdi', few: 'kameny ve zdi', other: 'kamenů ve zdi' },
      pl: { one: 'kamień w murze', few: 'kamienie w murze', many: 'kamieni w murze' },
    }[lang];
    const wallCount = Number(await page.textContent('[data-testid=wall-count]'));
    const wallText = (await page.textContent('[data-testid=wall]')).replace(/\s+/g, ' ').trim();
    assert.equal(wallText, `${wallCount} ${wallWords[form(wallCount)]}`, lang);
    if (await hint.locator('[data-testid=hint-waits]').count()) {
      assert.ok((await hint.locator('[data-testid=hint-waits] .hint-label').textContent()).trim().length > 3);
    }
  }
  await setLang(page, 'en');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
