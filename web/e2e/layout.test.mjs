// What a Czech or Polish player sees on a desktop (1280 px) and a phone (390 px): seats that
// have declared ready keep to their nameplates and the page never scrolls sideways; the
// score sheet's headline has its own sentences for "you", its limit badge names the limit;
// numbers have one format; the games list fits a phone; a bad replay link is a page.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, api, drop, launch, newPage, quietTable, tablePage, waitForGame } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** Horizontal overflow of the page and of every nameplate, and nameplates that overlap. */
async function layoutProblems(page) {
  return page.evaluate(() => {
    const problems = [];
    const vw = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > vw) problems.push(`page ${document.documentElement.scrollWidth} > ${vw}`);
    const plates = [...document.querySelectorAll('.nameplate')];
    const boxes = plates.map((p) => p.getBoundingClientRect());
    plates.forEach((p, i) => {
      const b = boxes[i];
      if (b.left < 0 || b.right > vw + 0.5) problems.push(`plate "${p.textContent}" at ${b.left}–${b.right}`);
      for (const c of p.querySelectorAll('*')) {
        const cb = c.getBoundingClientRect();
        if (cb.width && (cb.left < b.left - 1 || cb.right > b.right + 1)) problems.push(`"${c.textContent}" out of its plate "${p.textContent}"`);
      }
      const seat = p.closest('.seat');
      if (seat && b.right > seat.getBoundingClientRect().right + 1) problems.push(`plate "${p.textContent}" wider than its seat`);
    });
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) problems.push(`plates ${i} and ${j} overlap`);
      }
    return problems;
  });
}

for (const [ruleset, seats, lang, badge] of [
  ['korean-3p', 3, 'pl', 'Czeka'],
  ['korean-3p', 3, 'cs', 'Čeká'],
  ['japanese-3p', 3, 'cs', 'Riči'],
  ['millington', 4, 'pl', 'Pierwotna zapowiedź'],
]) {
  test(`${ruleset} in ${lang}: bots that declared ready keep to their nameplates at 390 and 1280 px`, async () => {
    for (const [width, opts] of [['phone', PHONE], ['desktop', DESKTOP]]) {
      const table = await quietTable(ruleset, seats);
      const page = await tablePage(browser, opts, lang);
      // Every other seat has declared, and the scores are as long as they get.
      await page.addInitScript(() => {
        window.__view = (v) => {
          v.public.forEach((p, i) => {
            if (i !== v.player) p.original_call = true;
          });
          v.totals = v.totals.map((_, i) => (i === 0 ? -11000 : i === 1 ? 11000 : -2500));
        };
      });
      await page.goto(BASE + table.seats[0].join_url);
      await page.waitForSelector('[data-testid=hand] svg[data-tile]');
      const declared = await page.locator('.seat [data-testid=declared]').allTextContents();
      assert.equal(declared.length, seats - 1, `${width}: every other seat wears the declaration`);
      // The badge says the seat's state (the Korean catalogue names the act: "Ready declaration").
      for (const d of declared) assert.equal(d.trim(), badge, width);
      assert.deepEqual(await layoutProblems(page), [], `${ruleset} ${lang} ${width}`);
      // The names keep their seat numbers.
      for (const name of await page.locator('.seat .np-name').allTextContents()) assert.match(name, /bot \d/, `${width}: ${name}`);
      assert.deepEqual(page.errors, []);
      await page.context().close();
      await drop(table);
    }
  });
}

test('the score sheet speaks to the player, names its limit, and numbers have one format', async () => {
  const table = await quietTable('millington', 4);
  const page = await tablePage(browser, PHONE, 'cs');
  await page.goto(BASE + table.seats[0].join_url);
  await page.waitForSelector('[data-testid=hand] svg[data-tile]');
  const sheet = page.locator('[data-testid=score-sheet]');
  // A hand as the server's events tell it: who won, how, and the settlement.
  const hand = (n, winner, from, supplier, limit, settlement) => [
    { type: 'hand_start', hand: n, prevailing: 'E', dealer: 0, dice: null },
    { type: 'mahjong', player: winner, tile: '5D', from, ...(supplier === undefined ? {} : { supplier }) },
    {
      type: 'scores',
      scores: [0, 1, 2, 3].map((q) => (q === winner ? 1000 : 0)),
      limits: [0, 1, 2, 3].map((q) => (q === winner ? limit : null)),
      items: [0, 1, 2, 3].map((q) => (q === winner && limit ? [{ rule: limit, limit: true }] : [])),
      settlement,
      payments: [],
    },
  ];
  const show = async (events) => {
    await page.evaluate((evs) => evs.forEach((event) => window.__inject({ type: 'event', event })), events);
    await sheet.waitFor();
  };
  // The sheet covers the language buttons: it is closed, the language switched, and reopened.
  const inLang = async (lang) => {
    await page.click('[data-testid=sheet-close]');
    await page.click(`button[data-lang=${lang}]`);
    await page.click('[data-testid=sheet-btn]');
    await sheet.waitFor();
  };
  const how = async () => (await sheet.locator('[data-testid=sheet-how-text]').textContent()).trim();

  // A bot wins on the player's discard: a sentence for "your discard", not "…zahodil Vy".
  await show(hand(0, 1, 'discard', 0, 'M122q', [-11500, 11500, 0, 0]));
  assert.equal(await how(), 'Chamtivý bot 2 vyhrál na váš odhozený kámen');
  // The limit badge: the limit hand's name, its id the rule link.
  const limit = sheet.locator('.seat-score.winner [data-testid=limit]');
  assert.equal((await limit.locator('.limit-name').textContent()).trim(), 'třináct jedinečných divů');
  assert.equal((await limit.locator('[data-testid=rule-link]').textContent()).trim(), 'M122q');
  // A true minus and grouped thousands, the same in the sheet as anywhere.
  assert.equal((await sheet.locator('.seat-score[data-player="0"] [data-testid=settlement]').textContent()).trim(), '−11\u00a0500');
  for (const [lang, text] of [
    ['pl', 'Chciwy bot 2 wygrał na kamieniu odrzuconym przez ciebie'],
    ['en', 'Greedy bot 2 won on your discard'],
  ]) {
    await inLang(lang);
    assert.equal(await how(), text);
  }
  await page.click('[data-testid=sheet-close]');

  // The player wins from the wall: "You won…", not "Ty wygrał…".
  await show(hand(1, 0, 'wall', undefined, null, [3000, -1000, -1000, -1000]));
  for (const [lang, text] of [
    ['en', 'You won with a tile from the wall'],
    ['cs', 'Vaše výhra kamenem ze zdi'],
    ['pl', 'Twoja wygrana kamieniem z muru'],
  ]) {
    await inLang(lang);
    assert.equal(await how(), text);
  }
  // The chart's axis is written like every other number.
  const axis = await sheet.locator('[data-testid=chart] svg text').allTextContents();
  assert.ok(axis.some((s) => s === '−11\u00a0500'), `axis ${axis}`);
  assert.ok(!axis.some((s) => /-/.test(s)), `axis ${axis}`);
  await page.click('[data-testid=sheet-close]');

  // The game-over box: the same format, no hyphen for a minus.
  await page.click('button[data-lang=cs]');
  await page.evaluate(() => window.__inject({ type: 'game_over', totals: [-11500, 6000, 3500, 2000], game_id: 'none' }));
  const finals = await page.locator('[data-testid=game-over] .final-totals b').allTextContents();
  assert.deepEqual(finals, ['+6\u00a0000', '+3\u00a0500', '+2\u00a0000', '−11\u00a0500']);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  assert.deepEqual(page.errors, []);
  await page.context().close();
  await drop(table);
});

/** Each element's name: its text before the total (`<b>`). A total of 0 has no sign, so a
 *  pattern for the number would take a bot's own number with it. */
function namesBeforeTotals(locator) {
  return locator.evaluateAll((els) =>
    els.map((e) => e.textContent.slice(0, e.textContent.length - e.querySelector('b').textContent.length).trim()),
  );
}

test('the games list fits a phone, numbers its bots as the replay does; a bad replay link is a page', async () => {
  const table = await api('POST', '/api/tables', {
    ruleset: 'korean-3p',
    seats: ['greedy', 'greedy', 'greedy'],
    options: { claim_seconds: 0 },
    max_hands: 2,
    bot_delay_ms: 0,
  });
  await waitForGame(table.id);
  const page = await newPage(browser, PHONE);
  await page.addInitScript(() => localStorage.setItem('mahjong.lang', 'pl'));
  await page.goto(BASE + '/history');
  const row = page.locator(`[data-testid=games] tr[data-game="${table.id}"]`);
  await row.waitFor();
  assert.deepEqual(
    await namesBeforeTotals(row.locator('[data-testid=game-player]')),
    ['Chciwy bot 1', 'Chciwy bot 2', 'Chciwy bot 3'],
  );
  // Nothing starts out of view: the replay button is on screen without scrolling sideways.
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  const button = await row.locator('a.btn').boundingBox();
  assert.ok(button.x >= 0 && button.x + button.width <= 390, `replay button at ${button.x}`);
  const scroller = await page.locator('.table-scroll').evaluate((e) => e.scrollWidth - e.clientWidth);
  assert.equal(scroller, 0, 'the list does not scroll inside its box');
  // The replay names them the same way.
  await row.locator('a.btn').click();
  await page.waitForSelector('[data-testid=replay]');
  assert.deepEqual(
    await namesBeforeTotals(page.locator('.final-line .player-total')),
    ['Chciwy bot 1', 'Chciwy bot 2', 'Chciwy bot 3'],
  );

  // A replay link to no game: a page in the language, not the server's JSON.
  await page.goto(BASE + '/history/doesnotexist');
  await page.waitForSelector('[data-testid=replay-missing]');
  assert.equal((await page.textContent('h1')).trim(), 'Nie ma takiej gry.');
  assert.doesNotMatch(await page.textContent('main'), /error|\{/);
  // A table link to no table: the message is readable, dark on paper rather than on the felt.
  await page.goto(BASE + '/table/doesnotexist');
  await page.waitForSelector('main h1');
  assert.equal((await page.textContent('main h1')).trim(), 'Nie ma takiego stołu.');
  const contrast = await page.$eval('main h1', (h1) => {
    const rgb = (c) => c.match(/[\d.]+/g).map(Number);
    const lum = ([r, g, b]) => {
      const f = (v) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    // The nearest box under the heading that paints a colour of its own, inside the page.
    let el = h1;
    while (el && el.tagName !== 'MAIN' && !/^rgb\(/.test(getComputedStyle(el).backgroundColor)) el = el.parentElement;
    if (!el || el.tagName === 'MAIN') return 0;
    const [a, b] = [lum(rgb(getComputedStyle(h1).color)), lum(rgb(getComputedStyle(el).backgroundColor))];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
  assert.ok(contrast >= 4.5, `contrast ${contrast}`);
  // Czech: the hands column says what it counts.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(BASE + '/history');
  await page.click('button[data-lang=cs]');
  await page.locator('[data-testid=games]').waitFor();
  assert.equal((await page.locator('[data-testid=games] thead th').nth(3).textContent()).trim(), 'Počet her');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a table for friends: the seat links fit a phone in Polish, every button on screen; Copy copies on plain http', async () => {
  const page = await newPage(browser, PHONE);
  // A server on the local network is plain http: no Clipboard API there.
  await page.addInitScript(() => {
    localStorage.setItem('mahjong.lang', 'pl');
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
  });
  await page.goto(BASE + '/');
  await page.click('[data-testid=create-table]');
  const links = page.locator('[data-testid=seat-links]');
  await links.waitFor();
  const id = await links.getAttribute('data-table');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  for (const button of await links.locator('button').all()) {
    const box = await button.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= 390, `${await button.textContent()} at ${box.x}+${box.width}`);
  }
  await page.click('[data-testid=copy-0]');
  assert.equal((await page.textContent('[data-testid=copy-0]')).trim(), 'Skopiowano');
  assert.equal(await page.evaluate(() => String(getSelection())), await page.inputValue('[data-testid=join-url-0]'));
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  const hostToken = await page.evaluate((t) => localStorage.getItem(`mahjong.host.${t}`), id);
  assert.deepEqual(page.errors, []);
  await page.context().close();
  await drop({ id, host_token: hostToken });
});

test('a long Czech log line wraps between words, never under its tile', async () => {
  const table = await quietTable('millington', 4);
  const page = await tablePage(browser, DESKTOP, 'cs');
  await page.goto(BASE + table.seats[0].join_url);
  await page.waitForSelector('[data-testid=hand] svg[data-tile]');
  await page.evaluate(() => {
    for (const [player, tile] of [[1, '1F'], [2, '2S'], [3, '3F']]) window.__inject({ type: 'event', event: { type: 'bonus', player, tile } });
    window.__inject({ type: 'event', event: { type: 'set', player: 2, kind: 'pung', tile: '5D' } });
  });
  await page.waitForFunction(() => document.querySelectorAll('.log li').length >= 4);
  const lines = await page.$$eval('.log li', (lis) =>
    lis.map((li) => {
      const box = (el) => el?.getBoundingClientRect();
      const who = box(li.querySelector('.log-who'));
      const what = box(li.querySelector('.log-what'));
      const tile = box(li.querySelector('svg.tile'));
      const spill = [...li.querySelectorAll('.log-who, .log-what')].some((el) => el.scrollWidth > el.clientWidth + 0.5);
      return { text: li.textContent, who, what, tile, spill, log: box(li.parentElement).right };
    }),
  );
  assert.ok(lines.some((l) => /bonusový kámen/.test(l.text)), 'the bonus lines are there');
  for (const l of lines) {
    if (!l.tile) continue;
    assert.ok(!l.spill && l.who.right <= l.what.left + 0.5 && l.what.right <= l.tile.left + 0.5, `${l.text}: overlaps`);
    assert.ok(l.tile.right <= l.log + 0.5, `${l.text}: past the log`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
  await drop(table);
});
