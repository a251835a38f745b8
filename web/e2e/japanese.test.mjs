// The japanese-3p table in a real browser: points from the 35,000 starting score on every
// nameplate, the dora indicator, riichi declared with the declare box (its stake then shows
// in the pot and the seat wears the declaration), and the score sheet's yaku with their han
// (J3-S8's bonus han each under its own name) and the payments in points. The furiten
// warning is checked on a view the page is sent.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, api, clickUnlessGone, launch, newPage } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

const number = (s) => Number(s.replace(/[^\d−-]/g, '').replace('−', '-'));

/**
 * Plays the human seat toward a ready hand: the hint's best discard on each turn, riichi
 * as soon as the declare box shows (then the first tile that may declare it), Mah-Jongg when
 * offered, pass on claims. Stops when `done()` says so; returns whether riichi was declared.
 */
async function playTowardRiichi(page, done, timeoutMs) {
  const until = Date.now() + timeoutMs;
  let declared = false;
  const mahjong = page.locator('[data-testid=actions] button[data-action=mahjong]');
  const pass = page.locator('[data-testid=actions] button[data-action=pass]');
  const setAside = page.locator('[data-testid=actions] button[data-action=set_aside]');
  const myTurn = page.locator('[data-testid=hand][data-my-turn=yes]');
  const declare = page.locator('[data-testid=declare] input');
  const clickable = page.locator('[data-testid=hand] svg.tile.clickable');
  const live = (f) => async () => !(await done()) && (await f());
  while (!(await done())) {
    if (Date.now() > until) throw new Error('the game did not end in time');
    if (await mahjong.count()) {
      await clickUnlessGone(mahjong.first(), live(async () => (await mahjong.count()) > 0));
    } else if (await pass.count()) {
      await clickUnlessGone(pass.first(), live(async () => (await pass.count()) > 0));
    } else if (await myTurn.count()) {
      if (await setAside.count()) {
        // A North is worth a dora: set it aside for a loose tile.
        await clickUnlessGone(setAside.first(), live(async () => (await setAside.count()) > 0));
      } else if (!declared && (await declare.count())) {
        await declare.check();
        const tile = clickable.first();
        await tile.click();
        const button = page.locator('[data-testid=actions] button[data-action=discard]');
        assert.match(await button.textContent(), /Discard and declare/);
        await button.click();
        declared = true;
        // The declaration: the seat wears it, the stake is in the pot.
        await page.locator('[data-testid=me-area] [data-testid=declared]').waitFor();
        assert.equal((await page.textContent('[data-testid=me-area] [data-testid=declared]')).trim(), 'Riichi');
        await page.locator('[data-testid=pot]').waitFor();
        assert.ok(number(await page.textContent('[data-testid=pot] b')) >= 1000);
      } else if (await clickable.count()) {
        await page.click('[data-testid=hint-btn]').catch(() => {});
        const best = page.locator('[data-testid=hint-best] svg[data-tile]').first();
        let code = null;
        try {
          await best.waitFor({ timeout: 2000 });
          code = await best.getAttribute('data-tile');
        } catch {
          /* the turn moved on */
        }
        // The hint's tile when it may be discarded (a riichi hand discards only its draw).
        const hinted = code ? page.locator(`[data-testid=hand] svg.tile.clickable[data-tile="${code}"]`).last() : null;
        const target = hinted && (await hinted.count()) ? hinted : clickable.last();
        const wanted = live(async () => (await myTurn.count()) > 0 && (await target.count()) > 0);
        if ((await target.count()) && (await clickUnlessGone(target, wanted))) await clickUnlessGone(target, wanted);
      }
    }
    await page.waitForTimeout(50);
  }
  return declared;
}

test('a japanese-3p table shows points, declares riichi into the pot and scores in han', async () => {
  // Seed 2, four hands at most: the human seat reaches a ready hand and declares riichi.
  const table = await api('POST', '/api/tables', {
    ruleset: 'japanese-3p',
    seats: ['human', 'greedy', 'greedy'],
    options: { claim_seconds: 0 },
    seed: 2,
    max_hands: 4,
  });
  const page = await newPage(browser);
  await page.goto(BASE + table.seats[0].join_url);
  await page.waitForSelector('[data-testid=hand] svg[data-tile]');

  // Three seats, each at 35,000 points; a dora indicator in the centre.
  const totals = await page.locator('[data-testid=np-total]').allTextContents();
  assert.equal(totals.length, 3);
  for (const s of totals) assert.equal(s.trim(), '35,000');
  await page.locator('[data-testid=dora] svg[data-tile]').first().waitFor();
  assert.equal(await page.locator('[data-testid=furiten]').count(), 0);

  const sheet = page.locator('[data-testid=score-sheet]');
  const over = page.locator('[data-testid=game-over]');
  let declared = false;
  let hanSeen = false;
  while (!(await over.count())) {
    declared = (await playTowardRiichi(page, async () => (await sheet.count()) > 0 || (await over.count()) > 0, 240_000)) || declared;
    if (await sheet.count()) {
      const winner = sheet.locator('.seat-score.winner');
      if (await winner.count()) {
        // The winner's yaku with their han, the hand's han, and the points after the hand.
        const rows = winner.locator('tr[data-rule]');
        assert.ok((await rows.count()) > 0);
        for (const v of await winner.locator('.rule-val').allTextContents()) assert.match(v, /^(\d+ han|yakuman( ×\d)?)$/);
        assert.match((await rows.first().locator('.rule-id').textContent()).trim(), /^J3-/);
        const han = await winner.locator('[data-testid=han]').textContent();
        assert.match(han, /^(\d+ han|yakuman( ×\d)?)$/);
        // J3-S8's items show their own names (the record names them): Bazoro first on a han win.
        const bonus = (await winner.locator('tr[data-rule="J3-S8"] .rule-text').allTextContents()).map((s) => s.trim());
        if (!han.startsWith('yakuman')) assert.equal(bonus[0], 'Bazoro', `${bonus}`);
        for (const n of bonus) assert.ok(['Bazoro', 'dora', 'ura-dora', 'pei-dora', 'red five', 'Ippatsu'].includes(n), n);
        hanSeen = true;
      }
      // Settlements balance (a pot taken is paid from outside the seats, so the winner may
      // get more than the others pay); every seat's points follow from 35,000.
      const after = await sheet.locator('[data-testid=points-after] b').allTextContents();
      assert.equal(after.length, 3);
      const values = after.map(number);
      assert.ok(values.every((v) => v > 0 && v % 100 === 0), `points ${after}`);
      // The chart's axis counts points as the totals table does: its level line is 35,000.
      const axis = await sheet.locator('[data-testid=chart] svg text').allTextContents();
      assert.equal(axis[1], '35,000', `axis ${axis}`);
      await page.click('[data-testid=sheet-close]');
      await sheet.waitFor({ state: 'detached' });
    }
  }
  assert.ok(declared, 'riichi was declared by the human seat');
  assert.ok(hanSeen, 'a won hand was scored in han');
  // The final standings in points.
  for (const s of await over.locator('.final-totals b').allTextContents()) assert.match(s.trim(), /^\d{1,3}(,\d{3})*$/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the furiten warning shows when the view says so', async () => {
  const table = await api('POST', '/api/tables', {
    ruleset: 'japanese-3p',
    seats: ['human', 'greedy', 'greedy'],
    options: { claim_seconds: 0 },
    seed: 3,
    max_hands: 1,
  });
  const page = await newPage(browser);
  // The page's WebSocket hands every `state` message to the table; this one is marked furiten
  // with a pot of two sticks, as the engine sends it for a ready player with a winning tile
  // among his discards.
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    window.WebSocket = class extends Native {
      set onmessage(f) {
        super.onmessage = (m) => {
          try {
            const msg = JSON.parse(m.data);
            if (msg.type === 'state') {
              msg.view.furiten = true;
              msg.view.pot = 2000;
              return f(new MessageEvent('message', { data: JSON.stringify(msg) }));
            }
          } catch {
            /* not JSON */
          }
          return f(m);
        };
      }
    };
  });
  await page.goto(BASE + table.seats[0].join_url);
  await page.locator('[data-testid=furiten]').waitFor();
  assert.match(await page.textContent('[data-testid=furiten]'), /Furiten: you may not win on a discard now/);
  assert.equal(number(await page.textContent('[data-testid=pot] b')), 2000);
  assert.match(await page.textContent('[data-testid=pot]'), /Pot 2,000/);
  // In Czech and Polish too.
  for (const [lang, re] of [
    ['cs', /Furiten: teď nesmíte vyhrát/],
    ['pl', /Furiten: nie możesz teraz wygrać/],
  ]) {
    await page.evaluate((l) => localStorage.setItem('mahjong.lang', l), lang);
    await page.reload();
    await page.locator('[data-testid=furiten]').waitFor();
    assert.match(await page.textContent('[data-testid=furiten]'), re);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
