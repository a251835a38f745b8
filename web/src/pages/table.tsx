// The table: one WebSocket per client (docs/protocol.md), the seat's view drawn as a mahjong
// table, actions sent only from the seat's legal actions.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { JSX } from 'preact';
import {
  type Action,
  type GameEvent,
  type PublicSeat,
  type PublicSet,
  type SeatView,
  type Wind,
  WINDS,
  api,
  secrets,
  setTiles,
  windOf,
} from '../api';
import { grouped, signedGrouped, standing, t, tn } from '../i18n';
import { declarationName, declaredName, ruleInfo } from '../i18n/rules';
import { Tile, sortTiles, tileName } from '../tiles';
import { ScoreSheet, type HandResult, resultFromEvents } from '../sheet';
import { Hanzi, WIND_HANZI, WindMark } from '../glyphs';
import { seatNames, shownName } from '../names';

interface PlayerInfo {
  name: string;
  kind: string;
  connected: boolean;
}

interface Hint {
  shanten: number;
  waits: string[];
  discards: { tile: string; shanten: number; useful: number }[];
}

interface Welcome {
  table: string;
  seat: number | null;
  seats: number;
  ruleset: { name: string; options?: Record<string, unknown> } | string;
  players: PlayerInfo[];
  status: string;
}


function storageKey(id: string, token: string | null) {
  return `mahjong.hands.${id}.${token ? token.slice(0, 8) : 'spectator'}`;
}

function loadHands(key: string): HandResult[] {
  try {
    return JSON.parse(sessionStorage.getItem(key) ?? '[]');
  } catch {
    return [];
  }
}

export function TablePage({ id, token }: { id: string; token: string | null }) {
  const [welcome, setWelcome] = useState<Welcome | null>(null);
  const [players, setPlayers] = useState<PlayerInfo[]>([]);
  const [status, setStatus] = useState('connecting');
  const [conn, setConn] = useState<'connecting' | 'open' | 'closed'>('connecting');
  const [view, setView] = useState<SeatView | null>(null);
  const [deadline, setDeadline] = useState<{ at: number; total: number } | null>(null);
  const [events, setEvents] = useState<GameEvent[]>([]);
  const [hands, setHands] = useState<HandResult[]>(() => loadHands(storageKey(id, token)));
  const [sheet, setSheet] = useState<number | null>(null);
  const [hint, setHint] = useState<Hint | null>(null);
  const [gameOver, setGameOver] = useState<{ totals: number[]; game_id: string } | null>(null);
  const [toast, setToast] = useState<string>('');
  const [fatal, setFatal] = useState<string>('');
  const ws = useRef<WebSocket | null>(null);
  const eventsRef = useRef<GameEvent[]>([]);
  const viewRef = useRef<SeatView | null>(null);
  const handsRef = useRef<HandResult[]>(hands);
  const playersRef = useRef<PlayerInfo[]>([]);
  const seatRef = useRef<number | null>(null);
  // The hand whose sheet is open, as the socket's handlers see it between renders.
  const sheetRef = useRef<number | null>(null);
  const showSheet = (hand: number | null) => {
    sheetRef.current = hand;
    setSheet(hand);
  };
  // `ready`: this seat's player has read the last hand's result. The server holds the next
  // hand (no bot moves, no timer runs) for a client that says so once, until it says so
  // again after each hand, so nobody loses a claim while reading the sheet.
  const sendReady = () => {
    const sock = ws.current;
    if (seatRef.current !== null && sock && sock.readyState === WebSocket.OPEN) sock.send(JSON.stringify({ type: 'ready', v: 1 }));
  };

  useEffect(() => {
    let stopped = false;
    let retry = 0;
    let timer: number | undefined;
    const connect = () => {
      setConn('connecting');
      const proto = location.protocol === 'https:' ? 'wss' : 'ws';
      const q = token ? `?token=${encodeURIComponent(token)}` : '';
      const sock = new WebSocket(`${proto}://${location.host}/api/tables/${encodeURIComponent(id)}/ws${q}`);
      ws.current = sock;
      sock.onopen = () => {
        retry = 0;
        setConn('open');
      };
      sock.onmessage = (m) => {
        let msg: Record<string, any>;
        try {
          msg = JSON.parse(m.data);
        } catch {
          return;
        }
        onMessage(msg);
      };
      sock.onclose = () => {
        if (ws.current === sock) ws.current = null;
        if (stopped) return;
        setConn('closed');
        retry += 1;
        timer = window.setTimeout(connect, Math.min(5000, 400 * retry));
      };
    };
    const onMessage = (msg: Record<string, any>) => {
      switch (msg.type) {
        case 'welcome':
          setWelcome(msg as unknown as Welcome);
          seatRef.current = typeof msg.seat === 'number' ? msg.seat : null;
          setPlayers(msg.players ?? []);
          playersRef.current = msg.players ?? [];
          setStatus(msg.status);
          setFatal('');
          // Nothing to read now: from here on the server waits for us at each hand's end.
          if (sheetRef.current === null) sendReady();
          break;
        case 'players':
          setPlayers(msg.players ?? []);
          playersRef.current = msg.players ?? [];
          setStatus(msg.status);
          break;
        case 'history':
          eventsRef.current = msg.events ?? [];
          setEvents(eventsRef.current);
          break;
        case 'event': {
          const e = msg.event as GameEvent;
          if (e.type === 'hand_start') {
            eventsRef.current = [e];
            setHint(null);
            // A hand ended without a sheet to read (none could be made): go on at once.
            if (sheetRef.current === null) sendReady();
          } else eventsRef.current = [...eventsRef.current, e];
          setEvents(eventsRef.current);
          if (e.type === 'scores') {
            const r = resultFromEvents(eventsRef.current, viewRef.current, seatNames(playersRef.current, seatRef.current));
            if (r) {
              const next = [...handsRef.current.filter((h) => h.hand !== r.hand), r].sort((a, b) => a.hand - b.hand);
              handsRef.current = next;
              setHands(next);
              try {
                sessionStorage.setItem(storageKey(id, token), JSON.stringify(next));
              } catch {
                /* storage full */
              }
              showSheet(r.hand);
            }
          }
          break;
        }
        case 'state': {
          const v = msg.view as SeatView;
          viewRef.current = v;
          setView(v);
          const ms = msg.deadline_ms;
          setDeadline(typeof ms === 'number' ? { at: performance.now() + ms, total: Math.max(ms, 1) } : null);
          if (v.phase.type === 'turn' && v.phase.player === v.player) setHint((h) => h);
          break;
        }
        case 'hint':
          setHint({ shanten: msg.shanten, waits: msg.waits ?? [], discards: msg.discards ?? [] });
          break;
        case 'game_over':
          setGameOver({ totals: msg.totals, game_id: msg.game_id });
          setStatus('finished');
          break;
        case 'error':
          if (msg.code === 'bad_token' || msg.code === 'unknown_table') {
            stopped = true;
            setFatal(t(`error.${msg.code}`));
          } else setToast(`${t('error.refused')}: ${msg.message}`);
          break;
      }
    };
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      ws.current?.close();
    };
  }, [id, token]);

  useEffect(() => {
    if (!toast) return;
    const h = window.setTimeout(() => setToast(''), 4000);
    return () => window.clearTimeout(h);
  }, [toast]);

  const send = (msg: unknown) => {
    if (ws.current && ws.current.readyState === WebSocket.OPEN) ws.current.send(JSON.stringify(msg));
  };
  const act = (action: Action) => {
    setHint(null);
    send({ type: 'act', action });
  };

  // On paper, not on the felt the table page lies on (dark text on green is hard to read).
  if (fatal)
    return (
      <div class="page narrow">
        <section class="card" data-testid="table-error">
          <h1>{fatal}</h1>
          <p>
            <a href="/">{t('nav.home')}</a>
          </p>
        </section>
      </div>
    );

  const seatCount = view?.seats ?? welcome?.seats ?? 4;
  const mine = welcome?.seat ?? null;
  const names = seatNames(players, mine);
  const rulesetName = welcome ? (typeof welcome.ruleset === 'string' ? welcome.ruleset : welcome.ruleset.name) : '';
  const family = welcome && typeof welcome.ruleset === 'object' ? String((welcome.ruleset as { family?: string }).family ?? '') : '';
  const mySeat = welcome?.seat ?? null;

  return (
    <div class="table-page" data-status={status} data-seat={mySeat ?? 'spectator'} data-conn={conn}>
      {conn !== 'open' && (
        <div class="banner" data-testid="conn-banner">
          {conn === 'connecting' ? t('table.connecting') : t('table.reconnecting')}
        </div>
      )}
      {status === 'waiting' && welcome && (
        <Waiting id={id} players={players} seat={mySeat} />
      )}
      {view ? (
        <Board
          view={view}
          me={mySeat}
          names={names}
          players={players}
          events={events}
          deadline={deadline}
          hint={hint}
          act={act}
          askHint={() => send({ type: 'hint' })}
          ruleset={rulesetName}
          family={family}
          handsPlayed={hands.length}
          openSheet={() => hands.length && showSheet(hands[hands.length - 1].hand)}
          gameOver={gameOver}
          waiting={status === 'waiting'}
        />
      ) : (
        <div class="page narrow">
          <p class="muted">{t('table.connecting')}</p>
        </div>
      )}
      {gameOver && sheet === null && (
        <div class="overlay" data-testid="game-over">
          <div class="modal">
            <h2>{t('table.game_over')}</h2>
            <Totals names={names} totals={gameOver.totals} me={mySeat} starting={view?.starting_score ?? 0} />
            <div class="modal-actions">
              {hands.length > 0 && (
                <button class="btn" onClick={() => showSheet(hands[hands.length - 1].hand)}>
                  {t('sheet.open')}
                </button>
              )}
              <a class="btn primary" href={`/history/${encodeURIComponent(gameOver.game_id)}`} data-testid="replay-link">
                {t('table.replay')}
              </a>
              <a class="btn" href="/">
                {t('table.new_game')}
              </a>
            </div>
          </div>
        </div>
      )}
      {sheet !== null && (
        <ScoreSheet
          hands={hands}
          current={sheet}
          names={names}
          me={mySeat}
          seats={seatCount}
          onSelect={showSheet}
          onClose={() => {
            showSheet(null);
            sendReady();
          }}
          closeLabel={gameOver ? t('sheet.close') : t('sheet.continue')}
        />
      )}
      {toast && (
        <div class="toast" role="status" data-testid="toast">
          {toast}
        </div>
      )}
    </div>
  );
}

function Totals({ names, totals, me, starting }: { names: string[]; totals: number[]; me: number | null; starting: number }) {
  const order = totals.map((v, i) => [v, i] as const).sort((a, b) => b[0] - a[0]);
  return (
    <ol class="final-totals">
      {order.map(([v, i]) => (
        <li class={i === me ? 'me' : ''}>
          <span>{names[i]}</span>
          <b class={v >= 0 ? 'pos' : 'neg'} title={starting ? signedGrouped(v) : undefined}>
            {standing(v, starting)}
          </b>
        </li>
      ))}
    </ol>
  );
}

function Waiting({ id, players, seat }: { id: string; players: PlayerInfo[]; seat: number | null }) {
  const [busy, setBusy] = useState(false);
  return (
    <div class="banner waiting" data-testid="waiting">
      <span>{t('table.waiting')}</span>
      <span class="waiting-seats">
        {players.map((p, i) => (
          <span class={`dot ${p.connected ? 'on' : ''}`} title={p.name}>
            <Hanzi ch={WIND_HANZI[WINDS[i]]} /> {shownName(p.name, p.kind, i === seat)}
            {i === seat ? ` (${t('table.you')})` : ''}
          </span>
        ))}
      </span>
      {/* Only the host (this browser made the table and kept its host token) may fill seats. */}
      {secrets.get('host', id) && (
        <button
          class="btn small"
          disabled={busy}
          data-testid="fill-bots"
          onClick={async () => {
            setBusy(true);
            await api.fill(id).catch(() => {});
            setBusy(false);
          }}
        >
          {t('table.fill')}
        </button>
      )}
    </div>
  );
}

interface BoardProps {
  view: SeatView;
  me: number | null;
  names: string[];
  players: PlayerInfo[];
  events: GameEvent[];
  deadline: { at: number; total: number } | null;
  hint: Hint | null;
  act: (a: Action) => void;
  askHint: () => void;
  ruleset: string;
  family: string;
  handsPlayed: number;
  openSheet: () => void;
  gameOver: unknown;
  /** The table has empty seats: nobody plays yet, whatever the view says. */
  waiting: boolean;
}

const POSITIONS_4 = ['bottom', 'right', 'top', 'left'];
const POSITIONS_3 = ['bottom', 'right', 'top'];

function Board(p: BoardProps) {
  const { view } = p;
  const n = view.seats;
  const self = p.me ?? 0;
  const pos = (q: number) => (n === 3 ? POSITIONS_3 : POSITIONS_4)[(q - self + n) % n];
  const turn = view.phase.type === 'turn' && !p.waiting ? view.phase.player : null;
  const lastDiscard = lastDiscardOf(p.events);
  const claimTile = view.phase.type === 'claims' ? view.phase.tile : view.phase.type === 'rob' ? view.phase.tile : null;
  const [selected, setSelected] = useState<number | null>(null);
  const [callOn, setCallOn] = useState(false);

  const discardable = new Set(view.legal.filter((a) => a.type === 'discard').map((a) => (a as { tile: string }).tile));
  const canCall = view.legal.some((a) => a.type === 'discard' && (a as { call?: boolean }).call);
  // The ready declaration made with a discard, as the family's catalogue names it (Riichi,
  // Original Call); the classical name where it names none.
  const declareLabel = declarationName(p.family) ?? t('action.original_call');
  // What a seat that has declared wears (Riichi, Original Call, the Korean "Ready"), as the
  // catalogue says.
  const declaredBadge = declaredName(p.family) ?? declareLabel;
  const starting = view.starting_score ?? 0;
  useEffect(() => setSelected(null), [view.concealed.join(), view.drawn, discardable.size]);

  // With the declaration armed, only the discards that may declare it are offered.
  const callable = new Set(view.legal.filter((a) => a.type === 'discard' && (a as { call?: boolean }).call).map((a) => (a as { tile: string }).tile));
  const usable = callOn && canCall ? callable : discardable;

  const discard = (tile: string) => {
    if (!usable.has(tile)) return;
    const call = callOn && canCall;
    p.act(call ? { type: 'discard', tile, call: true } : { type: 'discard', tile });
    setSelected(null);
    setCallOn(false);
  };

  // The own hand: concealed (sorted) with the drawn tile set apart at the right.
  const hand = useMemo(() => {
    const rest = [...view.concealed];
    if (view.drawn) {
      const i = rest.lastIndexOf(view.drawn);
      if (i >= 0) rest.splice(i, 1);
    }
    return { tiles: sortTiles(rest), drawn: view.drawn };
  }, [view.concealed.join(), view.drawn]);
  const hintBest = new Set(p.hint?.discards.filter((d) => d.shanten === p.hint!.discards[0]?.shanten).slice(0, 3).map((d) => d.tile) ?? []);

  const seatsEls: JSX.Element[] = [];
  let bottomSeat: JSX.Element | null = null;
  for (let q = 0; q < n; q++) {
    if (p.me !== null && q === p.me) continue;
    const el = (
      <OtherSeat
        key={q}
        q={q}
        pos={pos(q)}
        seat={view.public[q]}
        name={p.names[q]}
        player={p.players[q]}
        total={(view.totals[q] ?? 0) - (view.public[q]?.staked ?? 0)}
        starting={starting}
        declared={view.public[q].original_call ? declaredBadge : view.public[q].calling ? t('seat.calling') : null}
        dealer={view.dealer === q}
        turn={turn === q}
        lastDiscard={lastDiscard?.player === q && claimTile ? lastDiscard.index : -1}
        reveal={revealOf(p.events, q)}
      />
    );
    // A spectator sees seat 0 at the bottom, where a player sees his own hand.
    if (pos(q) === 'bottom') bottomSeat = el;
    else seatsEls.push(el);
  }

  const myPublic = p.me !== null ? view.public[p.me] : null;
  const myTurn = p.me !== null && turn === p.me;
  const claiming = view.legal.length > 0 && !myTurn && !p.waiting;
  const others = p.waiting ? [] : view.legal.filter((a) => a.type !== 'discard');

  return (
    <div class={`board seats-${n}`} data-phase={view.phase.type} data-hand={view.hand}>
      <div class="felt">
        {seatsEls}
        <div class="center">
          <CenterInfo
            view={view}
            names={p.names}
            deadline={p.deadline}
            claimTile={claimTile}
            turn={turn}
            ruleset={p.ruleset}
            me={p.me}
            waiting={p.waiting}
            dora={doraOf(p.events)}
            ura={uraOf(p.events)}
            onDropTile={(code) => discard(code)}
          />
        </div>
        <div class="corner corner-log">
          <Log events={p.events} names={p.names} />
        </div>
        <div class="corner corner-hint">{p.hint && <HintPanel hint={p.hint} />}</div>
        {myPublic && (
          <div
            class="pond-me pond-wrap"
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              const code = e.dataTransfer?.getData('text/tile');
              if (code) discard(code);
            }}
          >
            <Pond seat={myPublic} highlight={lastDiscard?.player === p.me && claimTile ? lastDiscard.index : -1} size="sm" />
          </div>
        )}
      </div>

      {p.me !== null && myPublic ? (
        <div class={`me-area ${myTurn ? 'turn' : ''}`} data-testid="me-area">
          <div class="me-head">
            <Nameplate
              wind={myPublic.wind}
              name={p.names[p.me] === t('table.you_cap') ? p.names[p.me] : `${p.names[p.me]} (${t('table.you')})`}
              total={(view.totals[p.me] ?? 0) - (view.public[p.me]?.staked ?? 0)}
              starting={starting}
              declared={myPublic.original_call ? declaredBadge : myPublic.calling ? t('seat.calling') : null}
              dealer={view.dealer === p.me}
              turn={myTurn}
              connected
              kind="human"
            />
            <div class="me-sets">
              <Sets sets={myPublic.sets} size="md" />
              <Bonus tiles={myPublic.bonus} size="sm" />
            </div>
            <div class="me-tools">
              <button class="btn small" onClick={p.askHint} data-testid="hint-btn" disabled={view.phase.type === 'over'}>
                {t('table.hint')}
              </button>
              {p.handsPlayed > 0 && (
                <button class="btn small" onClick={p.openSheet} data-testid="sheet-btn">
                  {t('sheet.open')}
                </button>
              )}
            </div>
          </div>
          {view.furiten && (
            <div class="furiten" data-testid="furiten" role="alert">
              {t('table.furiten')}
            </div>
          )}
          <div
            class="hand"
            data-testid="hand"
            data-my-turn={myTurn ? 'yes' : 'no'}
            onDragOver={(e) => e.preventDefault()}
          >
            {hand.tiles.map((code, i) => (
              <Tile
                code={code}
                size="lg"
                testIndex={i}
                selected={selected === i}
                hint={hintBest.has(code)}
                dim={myTurn && discardable.size > 0 && !usable.has(code)}
                onClick={
                  myTurn && usable.has(code)
                    ? () => (selected === i ? discard(code) : setSelected(i))
                    : undefined
                }
                draggable={myTurn && usable.has(code)}
                onDragStart={(e) => e.dataTransfer?.setData('text/tile', code)}
              />
            ))}
            {hand.drawn && (
              <span class="drawn-gap">
                <Tile
                  code={hand.drawn}
                  size="lg"
                  extraClass="drawn"
                  testIndex={99}
                  selected={selected === 99}
                  hint={hintBest.has(hand.drawn)}
                  onClick={
                    myTurn && usable.has(hand.drawn)
                      ? () => (selected === 99 ? discard(hand.drawn!) : setSelected(99))
                      : undefined
                  }
                  draggable={myTurn && usable.has(hand.drawn)}
                  onDragStart={(e) => e.dataTransfer?.setData('text/tile', hand.drawn!)}
                />
              </span>
            )}
            {view.phase.type === 'over' && <span class="muted hand-over">{t('table.hand_over')}</span>}
          </div>
          <div class="actions" data-testid="actions">
            {myTurn && discardable.size > 0 && (
              <span class="prompt">
                {selected !== null ? (
                  <button
                    class="btn primary"
                    data-action="discard"
                    onClick={() => discard(selected === 99 ? hand.drawn! : hand.tiles[selected])}
                  >
                    {t(callOn && canCall ? 'action.discard_declare' : 'action.discard')}{' '}
                    <Tile code={selected === 99 ? hand.drawn! : hand.tiles[selected]} size="xs" />
                  </button>
                ) : (
                  <span class="muted" data-testid="turn-prompt">
                    {t(touchScreen() ? 'table.your_turn_touch' : 'table.your_turn')}
                  </span>
                )}
                {canCall && (
                  <label class={`call ${callOn ? 'on' : ''}`} data-testid="declare">
                    <input type="checkbox" checked={callOn} onChange={(e) => {
                        setCallOn((e.target as HTMLInputElement).checked);
                        setSelected(null);
                      }}
                    />
                    {declareLabel}
                  </label>
                )}
              </span>
            )}
            {others.map((a) => (
              <ActionButton a={a} act={p.act} claimTile={claimTile} />
            ))}
            {claiming && p.deadline && <Timer deadline={p.deadline} />}
          </div>
        </div>
      ) : (
        <div class="me-area spectator">
          <span class="muted">{t('table.spectating')}</span>
          <div class="felt-lite">{bottomSeat}</div>
        </div>
      )}
    </div>
  );
}

function ActionButton({ a, act, claimTile }: { a: Action; act: (a: Action) => void; claimTile: string | null }) {
  let label: JSX.Element | string = a.type;
  let cls = 'btn';
  switch (a.type) {
    case 'mahjong':
      label = t('action.mahjong');
      cls = 'btn win';
      break;
    case 'pass':
      label = t('action.pass');
      break;
    case 'pung':
      label = (
        <>
          {t('action.pung')} {claimTile && <Tile code={claimTile} size="xs" />}
        </>
      );
      cls = 'btn claim';
      break;
    case 'kong':
      label = (
        <>
          {t('action.kong')} {claimTile && <Tile code={claimTile} size="xs" />}
        </>
      );
      cls = 'btn claim';
      break;
    case 'chow':
      label = (
        <>
          {t('action.chow')}{' '}
          {setTiles({ kind: 'chow', tile: a.first }).map((c) => (
            <Tile code={c} size="xs" />
          ))}
        </>
      );
      cls = 'btn claim';
      break;
    case 'concealed_kong':
      label = (
        <>
          {t('action.concealed_kong')} <Tile code={a.tile} size="xs" />
        </>
      );
      cls = 'btn claim';
      break;
    case 'annex_kong':
      label = (
        <>
          {t('action.annex_kong')} <Tile code={a.tile} size="xs" />
        </>
      );
      cls = 'btn claim';
      break;
    case 'set_aside':
      label = (
        <>
          {t(a.tile === 'JK' ? 'action.expose_joker' : 'action.set_aside')} <Tile code={a.tile} size="xs" />
        </>
      );
      cls = 'btn claim';
      break;
    case 'joker_pung':
      // MY3-J7: a discarded joker claimed for a pung of this tile.
      label = (
        <>
          {t('action.joker_pung')} <Tile code={a.tile} size="xs" />
        </>
      );
      cls = 'btn claim';
      break;
    case 'swap_joker':
      label = (
        <>
          {t('action.swap_joker')} <Tile code={a.tile} size="xs" />
        </>
      );
      cls = 'btn claim';
      break;
  }
  const extra = 'first' in a ? a.first : 'tile' in a ? a.tile : '';
  return (
    <button class={cls} data-action={a.type} data-arg={extra || undefined} onClick={() => act(a)}>
      {label}
    </button>
  );
}

function Timer({ deadline }: { deadline: { at: number; total: number } }) {
  const [now, setNow] = useState(performance.now());
  useEffect(() => {
    const h = window.setInterval(() => setNow(performance.now()), 200);
    return () => window.clearInterval(h);
  }, [deadline]);
  const left = Math.max(0, deadline.at - now);
  const frac = Math.min(1, left / deadline.total);
  return (
    <span class={`timer ${left < 3000 ? 'urgent' : ''}`} data-testid="timer" title={t('table.timer')}>
      <span class="timer-bar">
        <span style={{ width: `${frac * 100}%` }} />
      </span>
      <span class="timer-text">{Math.ceil(left / 1000)} s</span>
    </span>
  );
}

function HintPanel({ hint }: { hint: Hint }) {
  const sh = hint.shanten;
  const best = hint.discards.slice(0, 4);
  // Every number has its label: how far from ready, what completes, what to discard and how
  // many useful tiles each discard leaves.
  return (
    <div class="hint-panel" data-testid="hint">
      <div class="hint-row" data-testid="hint-shanten" title={sh < 0 ? t('hint.complete') : sh === 0 ? t('hint.ready') : tn('hint.away', sh)}>
        <span class="hint-label">{t('hint.shanten')}:</span>
        <b class="hint-value">{sh < 0 ? t('hint.complete_short') : sh === 0 ? `0 · ${t('hint.ready_short')}` : sh}</b>
      </div>
      {hint.waits.length > 0 && (
        <div class="hint-row hint-waits" data-testid="hint-waits">
          <span class="hint-label">{t('hint.waits')}:</span>
          {hint.waits.map((c) => (
            <Tile code={c} size="xs" />
          ))}
        </div>
      )}
      {best.length > 0 && (
        <table class="hint-discards" data-testid="hint-discards">
          {/* Each label heads its own row, so the narrow corner of a desktop table holds the
              longer Czech and Polish ones. */}
          <tbody>
            <tr>
              <th colSpan={best.length} class="hint-label" data-testid="hint-best-label">
                {t('hint.best')}:
              </th>
            </tr>
            <tr data-testid="hint-best">
              {best.map((d) => (
                <td>
                  <Tile code={d.tile} size="xs" />
                </td>
              ))}
            </tr>
            <tr>
              <th colSpan={best.length} class="hint-label" data-testid="hint-useful-label">
                {t('hint.useful_row')}:
              </th>
            </tr>
            <tr data-testid="hint-useful">
              {best.map((d) => (
                <td title={tn('hint.useful', d.useful)}>{d.useful}</td>
              ))}
            </tr>
          </tbody>
        </table>
      )}
    </div>
  );
}

// Phones and tablets: a finger taps, and drag and drop is not offered there.
function touchScreen(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}

function Nameplate(p: {
  wind: Wind;
  name: string;
  total: number;
  /** The starting score (0 where totals are net results): then points are shown. */
  starting: number;
  /** The ready declaration's name when the seat declared it (riichi), else null. */
  declared: string | null;
  dealer: boolean;
  turn: boolean;
  connected: boolean;
  kind: string;
}) {
  return (
    <div class={`nameplate ${p.turn ? 'turn' : ''}`} data-wind={p.wind} title={`${p.name} · ${t(`kind.${p.kind}`)}`}>
      <span class={`wind-badge ${p.dealer ? 'dealer' : ''}`} title={t(`wind.${p.wind}`)}>
        <WindMark wind={p.wind} />
      </span>
      {/* The name, then the declaration and the score: they wrap onto further lines of the
          plate where the seat is narrow (a phone, a side seat), never past its edge. */}
      <span class="np-body">
        <span class="np-name">
          {p.name}
          {!p.connected && <small class="np-off"> · {t('table.offline')}</small>}
        </span>
        <span class="np-meta">
          {p.declared && (
            <span class="np-declared" data-testid="declared">
              {p.declared}
            </span>
          )}
          <span
            class={`np-total ${p.total >= 0 ? 'pos' : 'neg'}`}
            data-testid="np-total"
            title={p.starting ? `${t('table.points_title')}: ${signedGrouped(p.total)}` : undefined}
          >
            <span class="np-standing">{standing(p.total, p.starting)}</span>{' '}
            {p.starting && p.total !== 0 ? <small class="np-net">{signedGrouped(p.total)}</small> : null}
          </span>
        </span>
      </span>
    </div>
  );
}

function OtherSeat(p: {
  q: number;
  pos: string;
  seat: PublicSeat;
  name: string;
  player?: PlayerInfo;
  total: number;
  starting: number;
  declared: string | null;
  dealer: boolean;
  turn: boolean;
  lastDiscard: number;
  reveal: string[] | null;
}) {
  const side = p.pos === 'left' || p.pos === 'right';
  return (
    <>
      <div class={`seat seat-${p.pos}`} data-player={p.q} data-wind={p.seat.wind}>
        <Nameplate
          wind={p.seat.wind}
          name={p.name}
          total={p.total}
          starting={p.starting}
          declared={p.declared}
          dealer={p.dealer}
          turn={p.turn}
          connected={p.player?.connected ?? true}
          kind={p.player?.kind ?? 'human'}
        />
        <div class="seat-tiles">
          {p.reveal ? (
            <div class="concealed revealed">
              {sortTiles(p.reveal).map((c) => (
                <Tile code={c} size="sm" />
              ))}
            </div>
          ) : (
            <div class="concealed" data-count={p.seat.concealed_count}>
              {Array.from({ length: p.seat.concealed_count }, () => (
                <Tile code="" back size={side ? 'xs' : 'sm'} />
              ))}
              <span class="count-badge">{p.seat.concealed_count}</span>
            </div>
          )}
          <div class="seat-sets">
            <Sets sets={p.seat.sets} size="sm" />
            <Bonus tiles={p.seat.bonus} size="xs" />
          </div>
        </div>
      </div>
      <div class={`pond-wrap pond-${p.pos}`} data-player={p.q}>
        <Pond seat={p.seat} highlight={p.lastDiscard} size="sm" />
      </div>
    </>
  );
}

function Pond({ seat, highlight, size }: { seat: PublicSeat; highlight: number; size: 'sm' | 'xs' }) {
  return (
    <div class="pond" data-testid="pond">
      {seat.discards.map(([c, claimed], i) => (
        <Tile code={c} size={size} claimed={claimed} extraClass={i === highlight ? 'last' : ''} />
      ))}
    </div>
  );
}

export function Sets({ sets, size }: { sets: PublicSet[]; size: 'md' | 'sm' | 'xs' }) {
  return (
    <>
      {sets.map((s) => {
        const tiles = setTiles(s);
        const concealedKong = typeof s.kind === 'object' && s.kind.kong === 'concealed';
        return (
          <span class={`set ${s.exposed ? 'exposed' : 'concealed-set'}`} data-set={typeof s.kind === 'string' ? s.kind : 'kong'}>
            {tiles.map((c, i) => (
              <Tile code={c} size={size} back={concealedKong && (i === 0 || i === 3)} />
            ))}
          </span>
        );
      })}
    </>
  );
}

export function Bonus({ tiles, size }: { tiles: string[]; size: 'sm' | 'xs' }) {
  if (!tiles.length) return null;
  return (
    <span class="bonus" title={t('table.bonus')}>
      {tiles.map((c) => (
        <Tile code={c} size={size} />
      ))}
    </span>
  );
}

function CenterInfo(p: {
  view: SeatView;
  names: string[];
  deadline: { at: number; total: number } | null;
  claimTile: string | null;
  turn: number | null;
  ruleset: string;
  me: number | null;
  waiting: boolean;
  dora: string[];
  ura: string[];
  onDropTile: (code: string) => void;
}) {
  const v = p.view;
  const [over, setOver] = useState(false);
  let status: JSX.Element | string = '';
  if (p.waiting) status = t('table.waiting_short');
  else if (v.phase.type === 'turn') status = p.turn === p.me ? t('table.your_turn_short') : t('table.turn_of', { name: p.names[v.phase.player] });
  else if (v.phase.type === 'claims')
    status = (
      <>
        {t('table.discarded_by', { name: p.names[v.phase.discarder] })} <Tile code={v.phase.tile} size="sm" extraClass="last" />
      </>
    );
  else if (v.phase.type === 'rob')
    status = (
      <>
        {t(v.phase.aside ? 'table.aside_by' : 'table.kong_by', { name: p.names[v.phase.konger] })} <Tile code={v.phase.tile} size="sm" />
      </>
    );
  else status = t('table.hand_over');
  return (
    <div
      class={`center-info ${over ? 'drop' : ''}`}
      data-testid="center"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        const code = e.dataTransfer?.getData('text/tile');
        if (code) p.onDropTile(code);
      }}
    >
      <div class="prevailing" title={t('table.prevailing')}>
        <span class="wind-char big">
          <Hanzi ch={WIND_HANZI[v.prevailing]} />
        </span>
        <span class="small-caps">{t('table.prevailing_short', { wind: t(`wind.${v.prevailing}`) })}</span>
      </div>
      <div class="center-stats">
        <span data-testid="wall" title={t('table.wall')}>
          <b data-testid="wall-count">{v.live_wall}</b> {tn('table.wall_left', v.live_wall)}
        </span>
        <span>
          {t('table.hand_no', { n: v.hand + 1 })}
        </span>
        <span class="muted">{rulesetName(p.ruleset)}</span>
        {v.pot > 0 && (
          <span class="pot" data-testid="pot" title={t('table.pot_title')}>
            {t('table.pot')} <b>{grouped(v.pot)}</b>
          </span>
        )}
        <Indicators dora={p.dora} ura={p.ura} />
      </div>
      <div class="center-status" data-testid="status">
        {status}
      </div>
      {p.deadline && p.claimTile === null && <Timer deadline={p.deadline} />}
    </div>
  );
}

/**
 * The hand's dora indicators and the ura-dora ones its reveal turned over, each under its
 * label; nothing for a hand without them. The table's centre and the replay's board show them
 * alike.
 */
export function Indicators({ dora, ura }: { dora: string[]; ura: string[] }) {
  return (
    <>
      {dora.length > 0 && (
        <span class="dora" data-testid="dora">
          {t('table.dora')}{' '}
          {dora.map((d) => (
            <Tile code={d} size="xs" />
          ))}
        </span>
      )}
      {ura.length > 0 && (
        <span class="dora ura" data-testid="ura">
          {tn('table.ura', ura.length)}{' '}
          {ura.map((d) => (
            <Tile code={d} size="xs" />
          ))}
        </span>
      )}
    </>
  );
}

function rulesetName(name: string) {
  const key = `ruleset.${name}`;
  const s = t(key);
  return s === key ? name : s;
}

function Log({ events, names }: { events: GameEvent[]; names: string[] }) {
  const lines: JSX.Element[] = [];
  // "Name · what", so the line reads right for "You" as for anybody else, in every language.
  const line = (pl: number, what: string, tile: string, cls = '') => (
    <li class={cls}>
      <b class="log-who">{names[pl] ?? `#${pl}`}</b>
      {/* The dot stays with the word after it, and the tile keeps its size at the end. */}
      <span class="log-what">·{'\u00a0'}{t(`log.n.${what}`)}</span>
      <Tile code={tile} size="xs" />
    </li>
  );
  for (const e of events.slice(-40)) {
    switch (e.type) {
      case 'discard':
        lines.push(line(e.player, e.calling ? 'calling' : 'discard', e.tile));
        break;
      case 'payment':
        // MY3-I: paid as it happens (a kong, a bonus group), or paid back (MY3-I5).
        lines.push(
          <li class="muted">
            <b class="log-who">{names[e.from] ?? `#${e.from}`}</b>
            <span class="log-what">
              ·{'\u00a0'}{t(e.returned ? 'log.pays_back' : 'log.pays', { name: names[e.to] ?? `#${e.to}`, amount: grouped(e.amount) })} ({ruleInfo(e.rule)?.name ?? e.rule})
            </span>
          </li>,
        );
        break;
      case 'set':
        lines.push(line(e.player, typeof e.kind === 'string' ? e.kind : 'kong', e.tile));
        break;
      case 'bonus':
        lines.push(line(e.player, 'bonus', e.tile));
        break;
      case 'swap':
        lines.push(line(e.player, 'swap', e.tile));
        break;
      case 'mahjong':
        lines.push(line(e.player, e.dealt ? 'mahjong_dealt' : 'mahjong', e.tile, 'log-win'));
        break;
      case 'washout':
        lines.push(<li class="log-win">{t('log.washout')}</li>);
        break;
      case 'hand_start':
        lines.push(<li class="muted">{t('log.hand_start', { n: e.hand + 1 })}</li>);
        break;
    }
  }
  const ref = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [events.length]);
  return (
    <ul class="log" ref={ref} aria-live="polite">
      {lines.slice(-12)}
    </ul>
  );
}

function lastDiscardOf(events: GameEvent[]): { player: number; index: number } | null {
  const counts = new Map<number, number>();
  let last: { player: number; index: number } | null = null;
  for (const e of events) {
    if (e.type === 'discard') {
      const c = counts.get(e.player) ?? 0;
      last = { player: e.player, index: c };
      counts.set(e.player, c + 1);
    }
  }
  return last;
}

/** The hand's dora indicators: the one revealed at the start, then any revealed later (kan-dora). */
function doraOf(events: GameEvent[]): string[] {
  const out: string[] = [];
  for (const e of events) {
    if (e.type === 'hand_start') {
      out.length = 0;
      if (e.dora) out.push(e.dora);
    } else if (e.type === 'indicator') {
      out.push(e.tile);
    }
  }
  return out;
}

/** The ura-dora indicators the hand's reveal turned over (J3-S8: a riichi winner's), if any. */
function uraOf(events: GameEvent[]): string[] {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.type === 'reveal') return e.ura_indicators ?? [];
    if (e.type === 'hand_start') break;
  }
  return [];
}

function revealOf(events: GameEvent[], q: number): string[] | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.type === 'reveal') return e.hands[q] ?? null;
    if (e.type === 'hand_start') return null;
  }
  return null;
}

export { tileName, windOf };
