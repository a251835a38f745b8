// The replay viewer: a finished game's record, stepped through event by event with every
// hand face up.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import { api, displayNames, type GameEvent, parseRecord, windOf } from '../api';
import { grouped, signed, t, tn } from '../i18n';
import { declarationName, ruleInfo } from '../i18n/rules';
import { allStates, type ReplayState } from '../replay-model';
import { Chart, Payments, SeatScores, TotalsTable } from '../sheet';
import { Tile, sortTiles } from '../tiles';
import { Bonus, Indicators, Sets } from './table';
import { rulesetLabel } from './home';
import { WindMark } from '../glyphs';
import { shownName } from '../names';


export function ReplayPage({ id }: { id: string }) {
  const [record, setRecord] = useState<{ header: Record<string, any>; events: GameEvent[] } | null>(null);
  const [error, setError] = useState('');
  const [missing, setMissing] = useState(false);
  const [pos, setPos] = useState(0);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    api
      .gameRecord(id)
      .then((text) => {
        const games = parseRecord(text);
        if (!games.length) throw new Error(t('replay.empty'));
        setRecord(games[0]);
        // Open on the first hand's end, where every hand is shown with its score.
        const first = games[0].events.findIndex((e) => e.type === 'scores');
        setPos(first >= 0 ? first : 0);
      })
      .catch((e) => {
        if (e.status === 404) setMissing(true);
        else setError(e.status === 409 ? t('replay.in_play') : (e as Error).message);
      });
  }, [id]);

  const header = record?.header;
  const seats: number = header?.seats ?? 4;
  const names: string[] = displayNames((header?.players ?? []).map((n: string) => shownName(n, undefined, false)));
  const states = useMemo(() => (record ? allStates(record.events, seats, names) : []), [record]);
  const events = record?.events ?? [];
  const last = Math.max(0, events.length - 1);

  useEffect(() => {
    if (!playing) return;
    const h = window.setInterval(() => setPos((p) => (p >= last ? (setPlaying(false), p) : p + 1)), 350);
    return () => window.clearInterval(h);
  }, [playing, last]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') setPos((p) => Math.min(last, p + 1));
      if (e.key === 'ArrowLeft') setPos((p) => Math.max(0, p - 1));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last]);

  if (missing)
    return (
      <div class="page narrow" data-testid="replay-missing">
        <h1>{t('replay.not_found')}</h1>
        <p>
          <a href="/history">{t('history.title')}</a>
        </p>
      </div>
    );
  if (error)
    return (
      <div class="page narrow">
        <h1>{t('replay.title')}</h1>
        <p class="error">{error}</p>
        <a href="/history">{t('nav.history')}</a>
      </div>
    );
  if (!record || !states.length) return <div class="page narrow muted">{t('common.loading')}</div>;

  const s = states[pos];
  const ev = events[pos];
  const handStarts = events.map((e, i) => (e.type === 'hand_start' ? i : -1)).filter((i) => i >= 0);
  const prevHand = [...handStarts].reverse().find((i) => i < pos) ?? 0;
  const nextHand = handStarts.find((i) => i > pos) ?? last;
  const scoresHere = ev?.type === 'scores' ? s.results[s.results.length - 1] : null;
  const final = states[states.length - 1];
  const rs = typeof header?.ruleset === 'object' ? header.ruleset.name : String(header?.ruleset ?? '');
  // What a discard with the ready declaration is called in this family (Riichi, Original Call).
  const family: string = typeof header?.ruleset === 'object' ? header.ruleset.family ?? '' : '';
  const decl = declarationName(family) ?? t('action.original_call');

  return (
    <div class="page replay" data-testid="replay" data-pos={pos}>
      <div class="replay-head">
        <h1>
          {t('replay.title')} <small class="muted">{rulesetLabel(rs)}</small>
        </h1>
        <div class="final-line">
          {names.map((n, i) => (
            <span class="player-total">
              {n} <b class={final.totals[i] >= 0 ? 'pos' : 'neg'}>{signed(final.totals[i] ?? 0)}</b>
            </span>
          ))}
        </div>
      </div>
      <div class="replay-controls">
        <button class="btn small" onClick={() => setPos(0)} title={t('replay.start')} data-testid="rp-start">|«</button>
        <button class="btn small" onClick={() => setPos(prevHand === pos ? 0 : prevHand)} title={t('replay.prev_hand')}>«</button>
        <button class="btn small" onClick={() => setPos(Math.max(0, pos - 1))} title={t('replay.back')} data-testid="rp-back">‹</button>
        <button class="btn small primary" onClick={() => setPlaying(!playing)} data-testid="rp-play">
          {playing ? '❚❚' : '▶'}
        </button>
        <button class="btn small" onClick={() => setPos(Math.min(last, pos + 1))} title={t('replay.step')} data-testid="rp-step">›</button>
        <button class="btn small" onClick={() => setPos(nextHand)} title={t('replay.next_hand')} data-testid="rp-next-hand">»</button>
        <button class="btn small" onClick={() => setPos(last)} title={t('replay.end')} data-testid="rp-end">»|</button>
        <input
          type="range"
          min={0}
          max={last}
          value={pos}
          onInput={(e) => setPos(Number((e.target as HTMLInputElement).value))}
          aria-label={t('replay.position')}
        />
        <span class="muted small" data-testid="rp-counter">
          {t('replay.event', { n: pos + 1, of: events.length })} · {t('sheet.hand', { n: s.hand + 1 })}
        </span>
      </div>
      <div class="replay-event" data-testid="rp-event">
        {describe(ev, names, decl)}
      </div>
      <div class="replay-board">
        {/* What the live table's centre shows of the dead wall, so the sheet's dora items can be checked. */}
        {(s.dora.length > 0 || s.ura.length > 0) && (
          <div class="replay-indicators" data-testid="rp-indicators">
            <Indicators dora={s.dora} ura={s.ura} />
          </div>
        )}
        {Array.from({ length: seats }, (_, q) => (
          <ReplaySeat s={s} q={q} name={names[q] ?? `#${q}`} ev={ev} />
        ))}
      </div>
      {scoresHere && (
        <div class="replay-scores">
          <SeatScores r={scoresHere} names={names} me={null} />
          <Payments r={scoresHere} names={names} />
        </div>
      )}
      {s.results.length > 0 && (
        <div class="replay-totals">
          <h3>{t('sheet.totals')}</h3>
          <div class="totals-row">
            <TotalsTable hands={s.results} names={names} />
            <Chart hands={s.results} names={names} />
          </div>
        </div>
      )}
    </div>
  );
}

function ReplaySeat({ s, q, name, ev }: { s: ReplayState; q: number; name: string; ev?: GameEvent }) {
  const wind = windOf(q, s.dealer, s.seats);
  const drawn = s.drawn[q];
  const rest = [...s.concealed[q]];
  if (drawn) {
    const i = rest.lastIndexOf(drawn);
    if (i >= 0) rest.splice(i, 1);
  }
  const active = ev && 'player' in ev && ev.player === q;
  return (
    <section class={`replay-seat ${active ? 'active' : ''}`} data-player={q}>
      <div class="nameplate">
        <span class={`wind-badge ${s.dealer === q ? 'dealer' : ''}`}>
          <WindMark wind={wind} />
        </span>
        <span class="np-name">{name}</span>
        <span class={`np-total ${s.totals[q] >= 0 ? 'pos' : 'neg'}`}>{signed(s.totals[q] ?? 0)}</span>
      </div>
      <div class="replay-hand" data-testid="rp-hand">
        {sortTiles(rest).map((c) => (
          <Tile code={c} size="sm" />
        ))}
        {drawn && (
          <span class="drawn-gap">
            <Tile code={drawn} size="sm" extraClass="drawn" />
          </span>
        )}
        <Sets sets={s.sets[q]} size="sm" />
        <Bonus tiles={s.bonus[q]} size="xs" />
      </div>
      <div class="pond">
        {s.discards[q].map(([c, claimed], i) => (
          <Tile code={c} size="xs" claimed={claimed} extraClass={s.lastDiscard?.player === q && s.lastDiscard.index === i ? 'last' : ''} />
        ))}
      </div>
    </section>
  );
}

function describe(e: GameEvent | undefined, names: string[], decl: string): JSX.Element | string {
  if (!e) return '';
  const who = (p: number) => names[p] ?? `#${p}`;
  switch (e.type) {
    case 'hand_start':
      return t('replay.ev.hand_start', { n: e.hand + 1, wind: t(`wind.${e.prevailing}`), name: who(e.dealer) });
    case 'deal':
      return t('replay.ev.deal', { name: who(e.player), n: e.count });
    case 'draw':
      return (
        <>
          {t(e.loose ? 'replay.ev.draw_loose' : 'replay.ev.draw', { name: who(e.player) })} {e.tile && <Tile code={e.tile} size="xs" />}
        </>
      );
    case 'bonus':
      return (
        <>
          {t('log.bonus', { name: who(e.player) })} <Tile code={e.tile} size="xs" />
        </>
      );
    case 'payment':
      return `${who(e.from)} · ${t(e.returned ? 'log.pays_back' : 'log.pays', { name: who(e.to), amount: grouped(e.amount) })} (${ruleInfo(e.rule)?.name ?? e.rule})`;
    case 'indicator':
      return (
        <>
          {t('table.dora')} <Tile code={e.tile} size="xs" />
        </>
      );
    case 'swap':
      return (
        <>
          {t('log.swap', { name: who(e.player) })} <Tile code={e.tile} size="xs" />
        </>
      );
    case 'decision':
      // A button's label that leads into a choice of tiles ("Pung with the joker:") ends here.
      return t('replay.ev.decision', { name: who(e.player), action: t(`action.${e.action.type}`).replace(/:$/, '') });
    case 'discard':
      return (
        <>
          {t('log.discard', { name: who(e.player) })} <Tile code={e.tile} size="xs" />
          {e.call && <> · {decl}</>}
          {e.calling && <> · {t('seat.calling')}</>}
        </>
      );
    case 'set':
      return (
        <>
          {t(`log.${typeof e.kind === 'string' ? e.kind : 'kong'}`, { name: who(e.player) })} <Tile code={e.tile} size="xs" />
        </>
      );
    case 'mahjong':
      return (
        <>
          {t(e.dealt ? 'log.mahjong_dealt' : 'log.mahjong', { name: who(e.player) })} <Tile code={e.tile} size="xs" />
        </>
      );
    case 'washout':
      return t('log.washout');
    case 'reveal':
      // J3-S8: the ura-dora indicators turned over for a riichi winner, as an indicator's event shows its tile.
      if (e.ura_indicators?.length)
        return (
          <span data-testid="rp-ura">
            {tn('replay.ev.reveal_ura', e.ura_indicators.length)}{' '}
            {e.ura_indicators.map((c) => (
              <Tile code={c} size="xs" />
            ))}
          </span>
        );
      return t('replay.ev.reveal');
    case 'scores':
      return t('replay.ev.scores');
    case 'game_end':
      return t('replay.ev.game_end');
  }
  return '';
}
