// A japanese-3p washout's score sheet: the payments the record lists for it (J3-P's noten
// payments between seats, J3-S10's riichi stick into the pot) each show who pays whom, the
// pot by its name, and the rule with its link and its name, in English, Czech and Polish.
// The hand is injected into a quiet table's page, so the sheet is the same on every run.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, drop, launch, quietTable, tablePage } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

// Seat 1 declared riichi and is ready; seats 0 and 2 are not: each pays it 1,000 (J3-P), and
// its stick goes into the pot (J3-S10, `to` 3: the number of players).
const WASHOUT = [
  { type: 'hand_start', hand: 0, prevailing: 'E', dealer: 0, dice: null },
  { type: 'washout' },
  {
    type: 'scores',
    scores: [0, 0, 0],
    limits: [null, null, null],
    items: [[], [], []],
    settlement: [-1000, 1000, -1000],
    payments: [
      { from: 0, to: 1, amount: 1000, rule: 'J3-P', name: 'noten payment' },
      { from: 2, to: 1, amount: 1000, rule: 'J3-P', name: 'noten payment' },
      { from: 1, to: 3, amount: 1000, rule: 'J3-S10', name: 'riichi stick' },
    ],
  },
];

test('a japanese-3p washout sheet names the rule of each payment and the pot a riichi stick goes into', async () => {
  const table = await quietTable('japanese-3p', 3);
  const page = await tablePage(browser, { viewport: { width: 1280, height: 800 } }, 'en');
  await page.goto(BASE + table.seats[0].join_url);
  await page.waitForSelector('[data-testid=hand] svg[data-tile]');
  const sheet = page.locator('[data-testid=score-sheet]');
  await page.evaluate((evs) => evs.forEach((event) => window.__inject({ type: 'event', event })), WASHOUT);
  await sheet.waitFor();

  const items = sheet.locator('[data-testid=payments] [data-testid=payment]');
  const lines = async () => (await items.allTextContents()).map((s) => s.replace(/[ \t\n]+/g, ' ').trim());
  const how = async () => (await sheet.locator('[data-testid=sheet-how-text]').textContent()).trim();
  // The sheet covers the language buttons: it is closed, the language switched, and reopened.
  const inLang = async (lang) => {
    await page.click('[data-testid=sheet-close]');
    await page.click(`button[data-lang=${lang}]`);
    await page.click('[data-testid=sheet-btn]');
    await sheet.waitFor();
  };

  assert.equal(await how(), "Washout: nobody won; the ruleset's washout payments are settled");
  assert.deepEqual(await lines(), [
    'You → Greedy bot 2 1,000 (J3-P noten payment)',
    'Greedy bot 3 → Greedy bot 2 1,000 (J3-P noten payment)',
    'Greedy bot 2 → Pot 1,000 (J3-S10 riichi stick)',
  ]);
  // Each rule id opens what its rule says.
  for (const [i, rule] of [[0, 'J3-P'], [2, 'J3-S10']]) {
    await items.nth(i).locator('[data-testid=rule-link]').click();
    assert.equal(await page.getAttribute('[data-testid=rule-pop]', 'data-rule'), rule);
    await page.click('[data-testid=rule-pop-close]');
  }

  for (const [lang, expected] of [
    [
      'cs',
      [
        'Vy → Chamtivý bot 2 1\u00a0000 (J3-P platba za nehotovou ruku)',
        'Chamtivý bot 3 → Chamtivý bot 2 1\u00a0000 (J3-P platba za nehotovou ruku)',
        'Chamtivý bot 2 → Bank 1\u00a0000 (J3-S10 riči hůlka)',
      ],
    ],
    // Polish groups no four-digit number (Intl's pl format).
    [
      'pl',
      [
        'Ty → Chciwy bot 2 1000 (J3-P opłata za niegotową rękę)',
        'Chciwy bot 3 → Chciwy bot 2 1000 (J3-P opłata za niegotową rękę)',
        'Chciwy bot 2 → Pula 1000 (J3-S10 pałeczka riichi)',
      ],
    ],
  ]) {
    await inLang(lang);
    assert.deepEqual(await lines(), expected, lang);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
  await drop(table);
});
