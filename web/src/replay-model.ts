// Re-enacts a game record's events into the table as it stood after each event, with every
// hand visible (records are unredacted). Pure functions, so the viewer can jump anywhere.
import { type GameEvent, type PublicSet, type Wind, setTiles } from './api';
import { type HandResult, type InstantPayment, instantOf } from './sheet';

export interface ReplayState {
  seats: number;
  hand: number;
  dealer: number;
  prevailing: Wind;
  concealed: string[][];
  drawn: (string | null)[];
  sets: PublicSet[][];
  bonus: string[][];
  discards: [string, boolean][][];
  lastDiscard: { player: number; index: number } | null;
  totals: number[];
  results: HandResult[];
  /** The hand's payments made during play (MY3-I), for its score sheet. */
  instant: InstantPayment[];
  /** The hand's dora indicators: the one revealed at its start, then any revealed later (kan-dora). */
  dora: string[];
  /** The ura-dora indicators the hand's reveal turned over (J3-S8). */
  ura: string[];
  over: boolean;
}

export function emptyState(seats: number): ReplayState {
  const per = <T,>(f: () => T) => Array.from({ length: seats }, f);
  return {
    seats,
    hand: 0,
    dealer: 0,
    prevailing: 'E',
    concealed: per(() => []),
    drawn: per(() => null),
    sets: per(() => []),
    bonus: per(() => []),
    discards: per(() => []),
    lastDiscard: null,
    totals: per(() => 0),
    results: [],
    instant: [],
    dora: [],
    ura: [],
    over: false,
  };
}

function take(hand: string[], tile: string): void {
  let i = hand.indexOf(tile);
  // A red five stands in for a five.
  if (i < 0 && tile[0] === '5') i = hand.indexOf('0' + tile[1]);
  if (i >= 0) hand.splice(i, 1);
}

/** Applies one event; returns a new state (the input is not changed). */
export function apply(s0: ReplayState, e: GameEvent, names: string[]): ReplayState {
  const s: ReplayState = {
    ...s0,
    concealed: s0.concealed.map((h) => [...h]),
    drawn: [...s0.drawn],
    sets: s0.sets.map((x) => [...x]),
    bonus: s0.bonus.map((x) => [...x]),
    discards: s0.discards.map((x) => [...x]),
    totals: [...s0.totals],
    results: s0.results,
    instant: s0.instant,
  };
  switch (e.type) {
    case 'hand_start': {
      const fresh = emptyState(s.seats);
      return {
        ...fresh,
        hand: e.hand,
        dealer: e.dealer,
        prevailing: e.prevailing,
        dora: e.dora ? [e.dora] : [],
        totals: s.totals,
        results: s.results,
      };
    }
    case 'deal':
      s.concealed[e.player] = [...(e.tiles ?? [])];
      break;
    case 'draw':
      if (e.tile) s.concealed[e.player].push(e.tile);
      s.drawn[e.player] = e.tile ?? null;
      break;
    case 'bonus':
      take(s.concealed[e.player], e.tile);
      s.bonus[e.player].push(e.tile);
      if (s.drawn[e.player] === e.tile) s.drawn[e.player] = null;
      break;
    case 'discard':
      take(s.concealed[e.player], e.tile);
      s.discards[e.player].push([e.tile, false]);
      s.lastDiscard = { player: e.player, index: s.discards[e.player].length - 1 };
      s.drawn = s.drawn.map(() => null);
      break;
    case 'set': {
      const kind = e.kind;
      const hand = s.concealed[e.player];
      if (typeof kind === 'object' && kind.kong === 'annexed') {
        take(hand, e.tile);
        const i = s.sets[e.player].findIndex((x) => x.kind === 'pung' && x.tile === e.tile);
        if (i >= 0) s.sets[e.player][i] = { kind, tile: e.tile, exposed: true };
        else s.sets[e.player].push({ kind, tile: e.tile, exposed: true });
      } else {
        const tiles = setTiles({ kind, tile: e.tile });
        let claimed: string | null = null;
        if (e.from !== undefined && s.lastDiscard && s.lastDiscard.player === e.from) {
          const d = s.discards[e.from][s.lastDiscard.index];
          claimed = d[0];
          s.discards[e.from][s.lastDiscard.index] = [d[0], true];
        }
        // Jokers (MY3-J2): a pung's stand in for its last tiles, a chow's for the tile
        // not held. A claimed joker (MY3-J7) is one of them, not from the hand.
        const jokers = e.jokers ?? 0;
        let handJokers = jokers;
        if (claimed === 'JK') {
          claimed = null;
          handJokers--;
        }
        let naturals = tiles.length - (claimed ? 1 : 0) - jokers;
        let jokerFor: string | undefined;
        for (const tl of tiles) {
          if (claimed && (tl === claimed || (claimed[0] === '0' && tl === '5' + claimed[1]))) {
            claimed = null;
            continue;
          }
          const held = hand.some((x) => x === tl || (x[0] === '0' && tl === '5' + x[1]));
          if (naturals > 0 && held) {
            take(hand, tl);
            naturals--;
          } else {
            if (handJokers > 0) take(hand, 'JK');
            handJokers--;
            if (kind === 'chow') jokerFor = tl;
          }
        }
        s.sets[e.player].push({
          kind,
          tile: e.tile,
          exposed: e.from !== undefined,
          ...(jokers ? { jokers } : {}),
          ...(jokerFor ? { joker_for: jokerFor } : {}),
        });
      }
      s.drawn[e.player] = null;
      break;
    }
    case 'payment':
      s.instant = [...s.instant, instantOf(e)];
      break;
    case 'indicator':
      s.dora = [...s.dora, e.tile];
      break;
    case 'swap': {
      // MY3-J5: the natural tile into the pung, its joker back into the hand.
      take(s.concealed[e.player], e.tile);
      s.concealed[e.player].push('JK');
      const set = s.sets[e.player].find((x) => x.kind === 'pung' && x.tile === e.tile && (x.jokers ?? 0) > 0);
      if (set) set.jokers = (set.jokers ?? 1) - 1;
      break;
    }
    case 'mahjong':
      if ((e.from === 'discard' || e.from === 'robbed_kong') && e.tile) {
        s.concealed[e.player].push(e.tile);
        if (e.from === 'discard' && s.lastDiscard && s.lastDiscard.player === e.supplier) {
          const d = s.discards[e.supplier][s.lastDiscard.index];
          s.discards[e.supplier][s.lastDiscard.index] = [d[0], true];
        }
      }
      break;
    case 'reveal':
      s.concealed = e.hands.map((h) => [...h]);
      s.ura = e.ura_indicators ?? [];
      break;
    case 'scores': {
      const result: HandResult = {
        hand: s.hand,
        dealer: s.dealer,
        prevailing: s.prevailing,
        seats: s.seats,
        winner: null,
        scores: e.scores,
        limits: e.limits,
        items: e.items,
        settlement: e.settlement,
        payments: e.payments,
        instant: s.instant,
        cannon: e.cannon,
        reveal: s.concealed.map((h) => [...h]),
        ura: s.ura,
        sets: s.sets,
        bonus: s.bonus,
        totalsBefore: [...s.totals],
        totalsAfter: s.totals.map((v, i) => v + (e.settlement[i] ?? 0)),
        names,
      };
      s.totals = result.totalsAfter;
      s.results = [...s.results.filter((r) => r.hand !== s.hand), result];
      break;
    }
    case 'game_end':
      s.totals = [...e.totals];
      s.over = true;
      break;
  }
  return s;
}

/** Every state of the game: states[i] is the table after events[0..i]. */
export function allStates(events: GameEvent[], seats: number, names: string[]): ReplayState[] {
  const out: ReplayState[] = [];
  let s = emptyState(seats);
  let win: Extract<GameEvent, { type: 'mahjong' }> | null = null;
  let moreWinners: number[] = [];
  for (const e of events) {
    if (e.type === 'hand_start') {
      win = null;
      moreWinners = [];
    }
    // MY3-P3: a second winner of the same discard.
    if (e.type === 'mahjong') {
      if (win) moreWinners.push(e.player);
      else win = e;
    }
    s = apply(s, e, names);
    if (e.type === 'scores' && s.results.length) {
      const last = s.results[s.results.length - 1];
      if (win) {
        last.winner = win.player;
        last.moreWinners = moreWinners;
        last.from = win.from;
        last.tile = win.tile;
        last.supplier = win.supplier;
      }
    }
    out.push(s);
  }
  return out;
}
