// The score sheet after a hand: every seat's items with rule ids and names, the payments,
// running totals and a chart across the game. Used by the table and the replay viewer; the
// items table also by the scoring assistant. Each rule id opens what the rule says.
import type { JSX } from 'preact';
import {
  type GameEvent,
  type PaymentRecord,
  type PublicSet,
  type ScoredItem,
  type SeatView,
  type Wind,
  type WinFrom,
  setTiles,
  windOf,
} from './api';
import { grouped, signed, standing, t, tn } from './i18n';
import { countsFan, countsHan, limitName, ruleInfo, ruleName } from './i18n/rules';
import { RuleLink } from './rule-link';
import { Tile, sortTiles } from './tiles';
import { WindMark } from './glyphs';

export interface HandResult {
  hand: number;
  dealer: number;
  prevailing: Wind;
  seats: number;
  winner: number | null;
  /** The other players who won on the same discard or kong, in turn order (MY3-P3). */
  moreWinners?: number[];
  from?: WinFrom;
  tile?: string;
  supplier?: number;
  scores: number[];
  limits: (string | null)[];
  items: ScoredItem[][];
  settlement: number[];
  payments: PaymentRecord[];
  /** The payments made during play (MY3-I: a kong, a bonus group), as the hand's `payment`
   * events announced them; `payments` counts them again with the rest of the hand. */
  instant?: InstantPayment[];
  cannon?: number;
  reveal: string[][] | null;
  /** The ura-dora indicators turned over for a riichi winner (J3-S8), in the order they lie. */
  ura?: string[];
  sets: PublicSet[][];
  bonus: string[][];
  totalsBefore: number[];
  totalsAfter: number[];
  names: string[];
  /** What each player started with (35,000 points in the japanese game; 0 or absent where
   * totals are net results): standings are shown as points counted from it. */
  startingScore?: number;
}

/** A payment made during play: a `payment` event. */
export type InstantPayment = Omit<Extract<GameEvent, { type: 'payment' }>, 'type'>;

/** The `payment` event as the sheet keeps it. */
export function instantOf(e: Extract<GameEvent, { type: 'payment' }>): InstantPayment {
  return { from: e.from, to: e.to, amount: e.amount, rule: e.rule, ...(e.returned ? { returned: true } : {}) };
}

/**
 * Builds a hand's result from its events (hand_start … scores) and the public side of the
 * table (sets, bonus tiles, totals before the hand) as a view shows it.
 */
export function resultFromEvents(
  events: GameEvent[],
  view: Pick<SeatView, 'public' | 'totals' | 'seats'> & Partial<Pick<SeatView, 'starting_score'>> | null,
  names: string[],
): HandResult | null {
  let start: Extract<GameEvent, { type: 'hand_start' }> | null = null;
  let win: Extract<GameEvent, { type: 'mahjong' }> | null = null;
  const moreWinners: number[] = [];
  let reveal: string[][] | null = null;
  let ura: string[] = [];
  let scores: Extract<GameEvent, { type: 'scores' }> | null = null;
  const instant: InstantPayment[] = [];
  for (const e of events) {
    if (e.type === 'hand_start') start = e;
    else if (e.type === 'payment') instant.push(instantOf(e));
    else if (e.type === 'mahjong') {
      // MY3-P3: a second winner of the same discard.
      if (win) moreWinners.push(e.player);
      else win = e;
    }
    else if (e.type === 'reveal') {
      reveal = e.hands;
      ura = e.ura_indicators ?? [];
    }
    else if (e.type === 'scores') scores = e;
  }
  if (!scores) return null;
  const seats = view?.seats ?? scores.scores.length;
  const before = view?.totals?.length ? view.totals : Array(seats).fill(0);
  return {
    hand: start?.hand ?? 0,
    dealer: start?.dealer ?? 0,
    prevailing: start?.prevailing ?? 'E',
    seats,
    winner: win ? win.player : null,
    moreWinners,
    from: win?.from,
    tile: win?.tile,
    supplier: win?.supplier,
    scores: scores.scores,
    limits: scores.limits,
    items: scores.items,
    settlement: scores.settlement,
    payments: scores.payments,
    instant,
    cannon: scores.cannon,
    reveal,
    ura,
    sets: view ? view.public.map((s) => s.sets) : Array.from({ length: seats }, () => []),
    bonus: view ? view.public.map((s) => s.bonus) : Array.from({ length: seats }, () => []),
    totalsBefore: before,
    totalsAfter: before.map((v, i) => v + (scores!.settlement[i] ?? 0)),
    names,
    startingScore: view?.starting_score ?? 0,
  };
}

export const PLAYER_COLORS = ['#d35400', '#2471a3', '#229954', '#8e44ad'];

function itemValue(it: ScoredItem): string {
  if (it.limit) return t('sheet.limit');
  if (countsFan(it.rule)) return t('sheet.fan', { n: it.points ?? 0 });
  if (countsHan(it.rule)) {
    // Han, or a yakuman (counted 1–3 times) in place of doubles.
    if (it.doubles) return it.doubles > 1 ? `${t('sheet.yakuman')} ×${it.doubles}` : t('sheet.yakuman');
    return t('sheet.han', { n: it.points ?? 0 });
  }
  const parts: string[] = [];
  if (it.points) parts.push(`${it.points}`);
  if (it.doubles) parts.push(`×${2 ** it.doubles}`);
  return parts.join(' ') || '0';
}

export function ItemsTable({ items, wind, prevailing, from }: { items: ScoredItem[]; wind?: Wind; prevailing?: Wind; from?: WinFrom }) {
  if (!items.length) return <p class="muted small">{t('sheet.no_items')}</p>;
  return (
    <table class="items">
      <tbody>
        {items.map((it) => (
          <tr data-rule={it.rule}>
            <td class="rule-id">
              <RuleLink id={it.rule} />
            </td>
            <td class="rule-name">
              <span class="rule-text">{ruleName(it, { wind, prevailing, from })}</span>
              {it.tile && <Tile code={it.tile} size="xs" />}
            </td>
            <td class="rule-val">{itemValue(it)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The headline of a hand: who won and how. The player's own seat (`me`) has sentences of its
 * own ("You won…", "…on your discard"): "You" is not dropped into a sentence made for a name.
 */
function howWon(r: HandResult, me: number | null): string {
  // Some rulesets settle a washout (J3-P: those not ready pay the ready, riichi stakes).
  if (r.winner === null) return t(r.settlement.some((v) => v !== 0) ? 'sheet.washout_paid' : 'sheet.washout');
  const name = (q: number) => r.names[q] ?? `#${q}`;
  const from = r.from ?? 'wall';
  const supplier = r.supplier ?? 0;
  const fromMe = me !== null && supplier === me;
  if ((from === 'discard' || from === 'robbed_kong') && r.moreWinners?.length) {
    const winners = [r.winner, ...r.moreWinners];
    const join = (qs: number[]) => qs.map(name).reduce((a, b) => t('sheet.and', { a, b }));
    if (me !== null && winners.includes(me))
      return t(`sheet.won_${from}_many_you`, { names: join(winners.filter((q) => q !== me)), from: name(supplier) });
    if (fromMe) return t(`sheet.won_${from}_many_from_you`, { names: join(winners) });
    return t(`sheet.won_${from}_many`, { names: join(winners), from: name(supplier) });
  }
  const mine = me !== null && r.winner === me;
  if (from === 'discard' || from === 'robbed_kong') {
    if (mine) return t(`sheet.won_${from}_you`, { from: name(supplier) });
    if (fromMe) return t(`sheet.won_${from}_from_you`, { name: name(r.winner) });
    return t(`sheet.won_${from}`, { name: name(r.winner), from: name(supplier) });
  }
  return mine ? t(`sheet.won_${from}_you`) : t(`sheet.won_${from}`, { name: name(r.winner) });
}

export function ScoreSheet(p: {
  hands: HandResult[];
  current: number;
  names: string[];
  me: number | null;
  seats: number;
  onSelect: (hand: number) => void;
  onClose: () => void;
  closeLabel: string;
}) {
  const found = p.hands.find((h) => h.hand === p.current) ?? p.hands[p.hands.length - 1];
  if (!found) return null;
  // The table's names now, in the language now; a hand keeps its own only as a fallback.
  const names = p.names.length ? p.names : found.names;
  const r = { ...found, names };
  return (
    <div class="overlay" data-testid="score-sheet" onClick={(e) => e.target === e.currentTarget && p.onClose()}>
      <div class="modal sheet" role="dialog" aria-label={t('sheet.title')}>
        <div class="sheet-head">
          <h2>{t('sheet.hand', { n: r.hand + 1 })}</h2>
          <span class="sheet-how" data-testid="sheet-how">
            <span data-testid="sheet-how-text">{howWon(r, p.me)}</span> {r.tile && <Tile code={r.tile} size="sm" />}
          </span>
          <button class="btn primary" onClick={p.onClose} data-testid="sheet-close">
            {p.closeLabel}
          </button>
        </div>
        {p.hands.length > 1 && (
          <div class="hand-tabs">
            {p.hands.map((h) => (
              <button class={`tab ${h.hand === r.hand ? 'active' : ''}`} onClick={() => p.onSelect(h.hand)}>
                {h.hand + 1}
              </button>
            ))}
          </div>
        )}
        <SeatScores r={r} names={names} me={p.me} />
        <div class="sheet-bottom">
          <Payments r={r} names={names} />
          <div class="totals-box">
            <h3>{t('sheet.totals')}</h3>
            <TotalsTable hands={p.hands.filter((h) => h.hand <= r.hand)} names={names} />
            <Chart hands={p.hands} names={names} upTo={r.hand} />
          </div>
        </div>
      </div>
    </div>
  );
}

/** The hand's han, or its yakuman, from the items of a family whose items count han. */
function hanOf(items: ScoredItem[]): string | null {
  if (!items.length || !countsHan(items[0].rule)) return null;
  const yakuman = items.reduce((a, it) => a + (it.doubles ?? 0), 0);
  if (yakuman) return yakuman > 1 ? `${t('sheet.yakuman')} ×${yakuman}` : t('sheet.yakuman');
  return t('sheet.han', { n: items.reduce((a, it) => a + (it.points ?? 0), 0) });
}

export function SeatScores({ r, names, me }: { r: HandResult; names: string[]; me: number | null }) {
  const order = Array.from({ length: r.seats }, (_, i) => (r.dealer + i) % r.seats);
  return (
    <div class={`seat-scores n${r.seats}`}>
      {order.map((q) => {
        const wind = windOf(q, r.dealer, r.seats);
        const tiles = r.reveal?.[q] ?? [];
        const isWinner = r.winner === q || !!r.moreWinners?.includes(q);
        return (
          <section class={`seat-score ${isWinner ? 'winner' : ''} ${q === me ? 'me' : ''}`} data-player={q} data-wind={wind}>
            <header>
              <span class="wind-badge small">
                <WindMark wind={wind} />
              </span>
              <b>{names[q] ?? `#${q}`}</b>
              {isWinner && <span class="win-badge">{t('sheet.winner')}</span>}
              <span class={`settle ${r.settlement[q] >= 0 ? 'pos' : 'neg'}`} data-testid="settlement">
                {signed(r.settlement[q] ?? 0)}
              </span>
            </header>
            <div class="score-tiles">
              {(r.sets[q] ?? []).map((s: PublicSet) => (
                <span class="set">
                  {setTilesOf(s).map((c) => (
                    <Tile code={c} size="xs" />
                  ))}
                </span>
              ))}
              {tiles.length > 0 && (
                <span class="set concealed-set">
                  {sortTiles(tiles).map((c) => (
                    <Tile code={c} size="xs" />
                  ))}
                </span>
              )}
              {(r.bonus[q] ?? []).length > 0 && (
                <span class="bonus">
                  {r.bonus[q].map((c) => (
                    <Tile code={c} size="xs" />
                  ))}
                </span>
              )}
            </div>
            {/* The tiles the winner's ura-dora items were counted from, shown next to them. */}
            {r.winner === q && (r.ura?.length ?? 0) > 0 && (
              <div class="sheet-ura" data-testid="sheet-ura">
                <span data-testid="sheet-ura-label">{tn('table.ura', r.ura!.length)}:</span>
                {r.ura!.map((c) => (
                  <Tile code={c} size="xs" />
                ))}
              </div>
            )}
            <ItemsTable items={r.items[q] ?? []} wind={wind} prevailing={r.prevailing} from={isWinner ? r.from : undefined} />
            <footer>
              <span>
                {t('sheet.score')}: <b data-testid="seat-score">{grouped(r.scores[q] ?? 0)}</b>
              </span>
              {hanOf(r.items[q] ?? []) && isWinner && (
                <span class="han-tag" data-testid="han">
                  {hanOf(r.items[q] ?? [])}
                </span>
              )}
              {r.limits[q] && (
                <LimitTag
                  id={r.limits[q]!}
                  name={limitName(r.limits[q]!, r.items[q] ?? [], {
                    wind,
                    prevailing: r.prevailing,
                    from: isWinner ? r.from : undefined,
                    dealer: q === r.dealer,
                    score: r.scores[q],
                  })}
                />
              )}
              {r.startingScore ? (
                <span class="points-after" data-testid="points-after">
                  {t('sheet.points')}: <b>{grouped(r.startingScore + (r.totalsAfter[q] ?? 0))}</b>
                </span>
              ) : null}
            </footer>
          </section>
        );
      })}
    </div>
  );
}

/** The limit hand or cap that set a score: its name, and its rule id opening what it says. */
export function LimitTag({ id, name }: { id: string; name: string }) {
  return (
    <span class="limit-tag" data-testid="limit" data-rule={id}>
      <span class="limit-name">{name}</span> <RuleLink id={id} />
    </span>
  );
}

/** A set's tiles, its jokers in place (MY3-J2). */
function setTilesOf(s: PublicSet): string[] {
  return setTiles(s);
}

/**
 * The payments made during play that still stand at the hand's end: each one paid back
 * (MY3-I5, a robbed kong) cancels the payment it returns.
 */
function standingInstant(list: InstantPayment[]): InstantPayment[] {
  const out: InstantPayment[] = [];
  for (const p of list) {
    if (!p.returned) {
      out.push(p);
      continue;
    }
    const i = out.findIndex((q) => q.from === p.to && q.to === p.from && q.amount === p.amount && q.rule === p.rule);
    if (i >= 0) out.splice(i, 1);
  }
  return out;
}

/**
 * Why a payment of the settlement is made, as far as the payments made during play tell: the
 * settlement adds them to everything else between the same two players, so a line paid only
 * for them names their rules, and a line paid for more says how much of it they are.
 */
function PaymentReason({ amount, parts }: { amount: number; parts: InstantPayment[] }) {
  if (!parts.length) return null;
  const paid = parts.reduce((a, p) => a + p.amount, 0);
  const rules = [...new Set(parts.map((p) => p.rule))];
  return (
    <span class="pay-why" data-testid="payment-reason">
      ({paid < amount && <>{t('sheet.paid_in_play', { amount: grouped(paid) })}: </>}
      {rules.map((id, i) => (
        <>
          {i > 0 && ', '}
          <RuleLink id={id} /> {ruleInfo(id)?.name ?? ''}
        </>
      ))}
      )
    </span>
  );
}

/**
 * Why a washout's payment is made (J3-P's noten payment, J3-S10's riichi stick): the rule it
 * names, with its id linked and the variant's name as the sheet's items show theirs.
 */
function RuleReason({ rule, name }: { rule: string; name?: string }) {
  return (
    <span class="pay-why" data-testid="payment-reason">
      (<RuleLink id={rule} /> {ruleName({ rule, name })})
    </span>
  );
}

export function Payments({ r, names }: { r: HandResult; names: string[] }) {
  const instant = standingInstant(r.instant ?? []);
  // A seat number past the last seat is the pot (J3-S10): from it a winner takes the riichi
  // sticks, into it a washout puts them.
  const party = (q: number) => (q >= r.seats ? t('table.pot') : names[q] ?? `#${q}`);
  return (
    <div class="payments">
      <h3>{t('sheet.payments')}</h3>
      {r.payments.length === 0 ? (
        <p class="muted">{t('sheet.no_payments')}</p>
      ) : (
        <ul data-testid="payments">
          {r.payments.map((pm) => (
            <li data-testid="payment">
              <span>{party(pm.from)}</span> → <span>{party(pm.to)}</span> <b>{grouped(pm.amount)}</b>{' '}
              {pm.rule ? (
                <RuleReason rule={pm.rule} name={pm.name} />
              ) : (
                <PaymentReason amount={pm.amount} parts={instant.filter((p) => p.from === pm.from && p.to === pm.to)} />
              )}
            </li>
          ))}
        </ul>
      )}
      {r.cannon !== undefined && <p class="muted">{t('sheet.cannon', { name: names[r.cannon] })}</p>}
    </div>
  );
}

export function TotalsTable({ hands, names }: { hands: HandResult[]; names: string[] }) {
  if (!hands.length) return null;
  const n = hands[0].seats;
  // A table too wide for a phone scrolls inside its box, never the page.
  return (
    <div class="totals-scroll">
      <table class="totals" data-testid="totals">
        <thead>
          <tr>
            <th>#</th>
            {Array.from({ length: n }, (_, i) => (
              <th style={{ color: PLAYER_COLORS[i] }}>{names[i]}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {hands.map((h) => (
            <tr>
              <td>{h.hand + 1}</td>
              {h.totalsAfter.map((v, i) => (
                <td class={v >= 0 ? 'pos' : 'neg'} title={signed(h.settlement[i])}>
                  {standing(v, h.startingScore ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Running totals across the game as lines, one per player. */
export function Chart({ hands, names, upTo }: { hands: HandResult[]; names: string[]; upTo?: number }) {
  if (!hands.length) return null;
  const n = hands[0].seats;
  const series: number[][] = Array.from({ length: n }, (_, i) => [hands[0].totalsBefore[i] ?? 0, ...hands.map((h) => h.totalsAfter[i] ?? 0)]);
  const all = series.flat();
  let lo = Math.min(0, ...all);
  let hi = Math.max(0, ...all);
  if (hi - lo < 10) {
    hi += 5;
    lo -= 5;
  }
  const W = 360;
  const H = 150;
  const pad = { l: 48, r: 8, t: 8, b: 18 };
  const steps = Math.max(1, series[0].length - 1);
  const x = (i: number) => pad.l + (i * (W - pad.l - pad.r)) / steps;
  const y = (v: number) => pad.t + ((hi - v) * (H - pad.t - pad.b)) / (hi - lo);
  const lines: JSX.Element[] = series.map((s, i) => (
    <polyline
      points={s.map((v, j) => `${x(j).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}
      fill="none"
      stroke={PLAYER_COLORS[i]}
      stroke-width={2.2}
      stroke-linejoin="round"
    />
  ));
  const mark = upTo !== undefined ? hands.findIndex((h) => h.hand === upTo) + 1 : -1;
  // The axis in the totals table's terms: points where the game starts from a score (35,000).
  const starting = hands[0].startingScore ?? 0;
  const axis = (v: number) => grouped(starting + v);
  return (
    <figure class="chart" data-testid="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('sheet.chart')}>
        <line x1={pad.l} x2={W - pad.r} y1={y(0)} y2={y(0)} stroke="#999" stroke-dasharray="3 3" />
        <text x={pad.l - 4} y={y(hi) + 4} text-anchor="end" font-size="10" fill="#666">{axis(hi)}</text>
        <text x={pad.l - 4} y={y(0) + 3} text-anchor="end" font-size="10" fill="#666">{axis(0)}</text>
        <text x={pad.l - 4} y={y(lo)} text-anchor="end" font-size="10" fill="#666">{axis(lo)}</text>
        {mark > 0 && <line x1={x(mark)} x2={x(mark)} y1={pad.t} y2={H - pad.b} stroke="#bbb" />}
        {lines}
        {series.map((s, i) =>
          s.map((v, j) => <circle cx={x(j)} cy={y(v)} r={2.4} fill={PLAYER_COLORS[i]} />),
        )}
        {hands.map((h, j) => (
          <text x={x(j + 1)} y={H - 4} text-anchor="middle" font-size="9" fill="#666">
            {h.hand + 1}
          </text>
        ))}
      </svg>
      <figcaption>
        {names.slice(0, n).map((nm, i) => (
          <span class="legend">
            <i style={{ background: PLAYER_COLORS[i] }} />
            {nm}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
