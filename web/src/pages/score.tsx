// The scoring assistant: a real table's hands entered by tiles (picker or typed codes) or by
// typed scores, scored and settled live by the server (POST /api/score, /api/settle), and a
// running match ledger kept in the database (the ledger API).
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { api, ApiError, type ScoreForm, type ScoreFormBonus, type ScoreFormInput, type ScoreFormOption, type ScoreResult, type ScoreSeat, type Wind, WINDS } from '../api';
import { grouped, signed, t, tn } from '../i18n';
import { inputLabel, limitName, ruleInfo, scoreForm, valueLabel } from '../i18n/rules';
import { ItemsTable, LimitTag } from '../sheet';
import { Tile, parseCode, sortTiles, tileName } from '../tiles';
import { rulesetLabel, useRulesets } from './home';
import { WindMark } from '../glyphs';

type SetKind = 'chow' | 'pung' | 'kong' | 'pair';
type KongKind = 'concealed' | 'claimed' | 'annexed';
interface SetDraft {
  kind: SetKind;
  tiles: string;
  exposed: boolean;
  kong: KongKind;
}
interface SeatDraft {
  mode: 'tiles' | 'score';
  score: string;
  sets: SetDraft[];
  concealed: string;
  bonus: string;
}
type WinFromOpt = 'wall' | 'loose' | 'discard' | 'robbed_kong';
interface Draft {
  ruleset: string;
  prevailing: Wind;
  eastWins: number;
  winner: Wind | '';
  winTile: string;
  from: WinFromOpt;
  supplier: Wind | '';
  /** The `win` flags ticked, by name; only those the ruleset's form offers are sent. */
  flags: Record<string, boolean>;
  seats: Record<Wind, SeatDraft>;
  /** Each seat's fields with values chosen (`riichi`), by name; none chosen is absent. Only
   * those the form offers, with a value it lists, are sent. */
  seatChoices: Record<Wind, Record<string, string>>;
  /** Each seat's true-or-false fields ticked (`ready`), by name; only those the form offers are sent. */
  seatFlags: Record<Wind, Record<string, boolean>>;
  /** The table's own fields (table-json.md) as typed, by name: tile codes or a count. */
  table: Record<string, string | number>;
  /** The options changed beside them (`dora`, `honba`) or chosen (`ready_discount`), by
   * name; one not here is the preset's. */
  options: Record<string, boolean | number | string>;
}

/** How the page takes a table field a form may name (table-json.md), with its test id. */
interface TableInput {
  /** A list of typed tiles, one typed tile, or a whole number from 0 to `max`. */
  kind: 'tiles' | 'tile' | 'count';
  label: string;
  testid: string;
  max?: number;
  step?: number;
  /** The option offered beside it (the form's `when` or `per`): its label and test id, and
   * for a number its most (the option's check) and step. */
  option?: { label: string; testid: string; max?: number; step?: number };
}

/**
 * Every table field a family's form may name: the dora and ura-dora indicators, the riichi
 * sticks carried over and the honba counters of the japanese game (J3-S8, J3-S10), the
 * korean dora indicator (K3-O5) and goulash (K3-M2). The fields and their bounds are the
 * table format's; which of them a ruleset takes is its family's form.
 */
const TABLE_INPUTS: Record<string, TableInput> = {
  dora_indicators: { kind: 'tiles', label: 'score.dora', testid: 'sa-dora' },
  ura_indicators: { kind: 'tiles', label: 'score.ura', testid: 'sa-ura' },
  riichi_pot: { kind: 'count', label: 'score.riichi_pot', testid: 'sa-pot', max: 100_000_000, step: 1000 },
  honba: { kind: 'count', label: 'score.honba', testid: 'sa-honba', max: 100, option: { label: 'score.honba_value', testid: 'sa-honba-value', max: 10_000, step: 200 } },
  dora_indicator: { kind: 'tile', label: 'table.dora', testid: 'sa-dora-indicator', option: { label: 'score.dora_option', testid: 'sa-dora-option' } },
  goulash: { kind: 'count', label: 'score.goulash', testid: 'sa-goulash', max: 100 },
};

/** What a seat's `bonus` field is called, by what it holds. */
const BONUS_LABEL: Record<ScoreFormBonus, string> = { flowers: 'score.bonus', norths: 'score.bonus_norths' };

const emptySeat = (): SeatDraft => ({ mode: 'tiles', score: '', sets: [], concealed: '', bonus: '' });
const emptyDraft = (): Draft => ({
  ruleset: 'millington',
  prevailing: 'E',
  eastWins: 0,
  winner: '',
  winTile: '',
  from: 'wall',
  supplier: '',
  flags: {},
  seats: { E: emptySeat(), S: emptySeat(), W: emptySeat(), N: emptySeat() },
  seatChoices: { E: {}, S: {}, W: {}, N: {} },
  seatFlags: { E: {}, S: {}, W: {}, N: {} },
  table: {},
  options: {},
});

/** A true-or-false option as the preset has it (the form's `when`, K3-O5 `dora`). */
const presetOn = (preset: Record<string, unknown>, name: string) => preset[name] === true;
/** A number option as the preset has it (the form's `per`, J3-S10 `honba`), 0 if none. */
const presetNumber = (preset: Record<string, unknown>, name: string) => (typeof preset[name] === 'number' ? (preset[name] as number) : 0);
/** A true-or-false option: the draft's, else the preset's. */
const optionOn = (d: Draft, preset: Record<string, unknown>, name: string) => (d.options[name] as boolean | undefined) ?? presetOn(preset, name);
/** A number option: the draft's, else the preset's. */
const optionNumber = (d: Draft, preset: Record<string, unknown>, name: string) => (d.options[name] as number | undefined) ?? presetNumber(preset, name);
/** A choice option as the preset has it (the form's `options`, K3-S5 `ready_discount`), '' if none. */
const presetChoice = (preset: Record<string, unknown>, name: string) => (typeof preset[name] === 'string' ? (preset[name] as string) : '');
/** A choice option: the draft's where the form lists it (a draft may be older than the form), else the preset's. */
const optionChoice = (d: Draft, preset: Record<string, unknown>, o: ScoreFormOption) => {
  const v = d.options[o.option];
  return typeof v === 'string' && o.values.some((x) => x.value === v) ? v : presetChoice(preset, o.option);
};
/** Whether a seat field of the form is true or false (a checkbox): one without values to choose. */
const isCheck = (i: ScoreFormInput) => !i.values?.length;
/** A seat's chosen value of a field with values, if the form lists it; none otherwise. */
const seatChoice = (choices: Record<string, string> | undefined, i: ScoreFormInput) => {
  const v = choices?.[i.field];
  return v !== undefined && i.values?.some((x) => x.value === v) ? v : undefined;
};
/** Whether a table field of the form counts: always, or while the option it needs is on. */
const counts = (i: ScoreFormInput, d: Draft, preset: Record<string, unknown>) => !i.when || optionOn(d, preset, i.when);

const DRAFT_KEY = 'mahjong.score.draft';
const LEDGER_KEY = 'mahjong.score.ledger';

/** Typed tiles: codes separated by spaces or commas; `234C` is short for `2C 3C 4C`. */
export function parseTiles(text: string): { tiles: string[]; bad: string[] } {
  const tiles: string[] = [];
  const bad: string[] = [];
  for (const tok of text.split(/[\s,;]+/).filter(Boolean)) {
    const code = parseCode(tok);
    if (code) {
      tiles.push(code);
      continue;
    }
    const m = tok.match(/^([0-9]{2,})([BCDbcd])$/);
    if (m) {
      for (const d of m[1]) tiles.push(d + m[2].toUpperCase());
      continue;
    }
    bad.push(tok);
  }
  return { tiles, bad };
}

const EXAMPLE: Partial<Draft> = {
  ruleset: 'millington',
  prevailing: 'E',
  winner: 'N',
  winTile: '4B',
  from: 'wall',
  seats: {
    E: {
      mode: 'tiles',
      score: '',
      sets: [
        { kind: 'kong', tiles: '3D 3D 3D 3D', exposed: true, kong: 'annexed' },
        { kind: 'pung', tiles: '9B 9B 9B', exposed: true, kong: 'claimed' },
      ],
      concealed: '2C 3C 4C 6C 7C 1D 5B',
      bonus: '2F 3S',
    },
    S: { mode: 'tiles', score: '', sets: [{ kind: 'pung', tiles: 'SW SW SW', exposed: true, kong: 'claimed' }], concealed: 'GD GD GD WD WD WD 1C 5C 9D 7B', bonus: '4F 1S 4S' },
    W: { mode: 'tiles', score: '', sets: [], concealed: '2B 3B 5B 6B 7B 8C 9C 2D 4D 6D 7D 8D 9D', bonus: '1F' },
    N: { mode: 'tiles', score: '', sets: [{ kind: 'pung', tiles: 'RD RD RD', exposed: true, kong: 'claimed' }], concealed: '9C 9C 9C 2B 3B 4B 6D 7D 8D 5D 5D', bonus: '' },
  },
};

/**
 * A draft saved before the table's fields came from the family's form kept them at its top
 * under the page's own names: they move to `table` and `options`, so nothing typed is lost.
 * One saved before seat fields with values were drawn from the form kept each seat's
 * `riichi` in a record of its own (`none` for no riichi): it moves to `seatChoices`.
 */
function migrateDraft(d: Record<string, unknown>) {
  const moved: Record<string, string> = { dora: 'dora_indicators', ura: 'ura_indicators', pot: 'riichi_pot', honba: 'honba', doraIndicator: 'dora_indicator', goulash: 'goulash' };
  const table = { ...((d.table as Record<string, string | number>) ?? {}) };
  const options = { ...((d.options as Record<string, boolean | number>) ?? {}) };
  for (const [old, field] of Object.entries(moved)) {
    const v = d[old];
    if ((typeof v === 'string' || typeof v === 'number') && v !== '' && !(field in table)) table[field] = v;
    delete d[old];
  }
  if (typeof d.honbaValue === 'number' && !('honba' in options)) options.honba = d.honbaValue;
  if (typeof d.doraOn === 'boolean' && !('dora' in options)) options.dora = d.doraOn;
  delete d.honbaValue;
  delete d.doraOn;
  d.table = table;
  d.options = options;
  const choices = { ...((d.seatChoices as Record<string, Record<string, string>>) ?? {}) };
  const riichi = d.riichi;
  if (riichi && typeof riichi === 'object') {
    for (const [w, v] of Object.entries(riichi as Record<string, unknown>)) {
      if (typeof v === 'string' && v !== 'none' && choices[w]?.riichi === undefined) choices[w] = { ...choices[w], riichi: v };
    }
  }
  delete d.riichi;
  d.seatChoices = choices;
}

function loadDraft(): Draft {
  try {
    const d = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null');
    if (d && d.seats) {
      migrateDraft(d);
      const e = emptyDraft();
      // A draft saved before a field existed gets its default (a seat ticks and chooses nothing).
      const seatFlags = Object.fromEntries(WINDS.map((w) => [w, { ...e.seatFlags[w], ...d.seatFlags?.[w] }])) as Draft['seatFlags'];
      const seatChoices = Object.fromEntries(WINDS.map((w) => [w, { ...e.seatChoices[w], ...d.seatChoices?.[w] }])) as Draft['seatChoices'];
      return { ...e, ...d, flags: { ...e.flags, ...d.flags }, seatChoices, seatFlags, table: { ...e.table, ...d.table }, options: { ...e.options, ...d.options } };
    }
  } catch {
    /* ignore */
  }
  return emptyDraft();
}

interface Outcome {
  scores: Partial<Record<Wind, number>>;
  result: ScoreResult | null;
  settlement: Partial<Record<Wind, number>>;
  payments: { from: string; to: string; amount: number }[];
}

function buildTable(d: Draft, seats: Wind[], typedEmpty: boolean, form: ScoreForm, preset: Record<string, unknown>) {
  const seatJson: Record<string, unknown> = {};
  for (const w of seats) {
    const s = d.seats[w];
    if (typedEmpty && s.mode === 'score') {
      seatJson[w] = { sets: [], concealed: [], bonus: [] };
      continue;
    }
    const seat: Record<string, unknown> = {
      sets: s.sets.map((x) =>
        x.kind === 'kong'
          ? { kind: 'kong', tiles: parseTiles(x.tiles).tiles, kong: x.kong }
          : { kind: x.kind, tiles: parseTiles(x.tiles).tiles, exposed: x.exposed },
      ),
      concealed: parseTiles(s.concealed).tiles,
      bonus: parseTiles(s.bonus).tiles,
    };
    // Only a chosen value or a ticked field is sent: the table's default is none, or false.
    for (const i of form.seat) {
      if (isCheck(i)) {
        if (d.seatFlags[w]?.[i.field]) seat[i.field] = true;
      } else {
        const v = seatChoice(d.seatChoices[w], i);
        if (v !== undefined) seat[i.field] = v;
      }
    }
    seatJson[w] = seat;
  }
  const table: Record<string, unknown> = {
    ruleset: d.ruleset,
    prevailing_wind: d.prevailing,
    east_consecutive_wins: d.eastWins,
    winner: d.winner || null,
    seats: seatJson,
  };
  // Options only where the draft differs from the preset; a field only where it is set
  // (a tile, a count above 0) and counts.
  const options: Record<string, unknown> = {};
  for (const i of form.table) {
    const input = TABLE_INPUTS[i.field];
    if (!input) continue;
    if (i.when && optionOn(d, preset, i.when) !== presetOn(preset, i.when)) options[i.when] = optionOn(d, preset, i.when);
    if (i.per && optionNumber(d, preset, i.per) !== presetNumber(preset, i.per)) options[i.per] = optionNumber(d, preset, i.per);
    if (!counts(i, d, preset)) continue;
    const value = d.table[i.field];
    if (input.kind === 'tiles') {
      const tiles = parseTiles(String(value ?? '')).tiles;
      if (tiles.length) table[i.field] = tiles;
    } else if (input.kind === 'tile') {
      const code = String(value ?? '').trim();
      if (code) table[i.field] = parseCode(code) ?? code;
    } else if (Number(value) > 0) table[i.field] = Number(value);
  }
  for (const o of form.options) {
    const v = optionChoice(d, preset, o);
    if (v !== presetChoice(preset, o.option)) options[o.option] = v;
  }
  if (Object.keys(options).length) table.options = options;
  if (d.winner) {
    const win: Record<string, unknown> = { tile: parseCode(d.winTile) ?? d.winTile, from: d.from };
    if (d.from === 'discard' || d.from === 'robbed_kong') win.supplier = d.supplier || null;
    for (const f of form.flags) if (d.flags[f.field]) win[f.field] = true;
    table.win = win;
  }
  return table;
}

export function ScorePage() {
  const rulesets = useRulesets();
  const [d, setD] = useState<Draft>(loadDraft);
  const [focus, setFocus] = useState<string>('N.concealed');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<{ path?: string; message: string; local?: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const seq = useRef(0);
  const info = rulesets.find((r) => r.name === d.ruleset);
  const nSeats = info?.seats ?? 4;
  // What the ruleset's family offers beyond every table's inputs (its catalogue's form).
  const form = scoreForm(info?.family);
  const seats = WINDS.slice(0, nSeats);
  // Only the tiles the ruleset's set has (no 2–8 characters in the japanese game), as the
  // server lists them; none until it has answered. The options this page changes (dora,
  // honba) leave the set as it is.
  const pickerCodes = useMemo(() => sortTiles(info?.tiles ?? []), [info]);
  const preset = info?.options ?? {};

  useEffect(() => {
    try {
      localStorage.setItem(DRAFT_KEY, JSON.stringify(d));
    } catch {
      /* ignore */
    }
  }, [d]);

  const update = (f: (d: Draft) => void) =>
    setD((old) => {
      const next: Draft = JSON.parse(JSON.stringify(old));
      f(next);
      return next;
    });

  // Live scoring: every change is sent (debounced); only the newest answer is shown.
  const key = JSON.stringify([d, nSeats, form, preset]);
  useEffect(() => {
    const my = ++seq.current;
    const h = window.setTimeout(() => evaluate(d, seats, form, preset).then(
      (o) => {
        if (my !== seq.current) return;
        setOutcome(o);
        setError(null);
        setBusy(false);
      },
      (e: unknown) => {
        if (my !== seq.current) return;
        setOutcome(null);
        setError(e instanceof ApiError ? { path: e.path, message: e.message, local: e.status === 0 } : { message: String((e as Error).message ?? e) });
        setBusy(false);
      },
    ), 200);
    setBusy(true);
    return () => window.clearTimeout(h);
  }, [key]);

  const appendTile = (code: string) => {
    const [w, field, idx] = target.split('.');
    update((x) => {
      if (field === 'winTile') x.winTile = code;
      else if (!w && TABLE_INPUTS[field]?.kind === 'tiles') x.table[field] = `${x.table[field] ?? ''} ${code}`.trim();
      else if (!w && TABLE_INPUTS[field]?.kind === 'tile') x.table[field] = code;
      else if (w && x.seats[w as Wind]) {
        const s = x.seats[w as Wind];
        if (field === 'concealed') s.concealed = `${s.concealed} ${code}`.trim();
        else if (field === 'bonus') s.bonus = `${s.bonus} ${code}`.trim();
        else if (field === 'set' && s.sets[Number(idx)]) s.sets[Number(idx)].tiles = `${s.sets[Number(idx)].tiles} ${code}`.trim();
      }
    });
  };

  const winnerMode = d.winner ? d.seats[d.winner].mode : null;
  // Where a picked tile goes: the field last focused while it is on the page, else the last
  // seat's concealed tiles (a three-player ruleset has no North, a typed score no tiles).
  const shown = (f: string) => {
    const [w, field] = f.split('.');
    if (w) return seats.includes(w as Wind) && d.seats[w as Wind].mode === 'tiles';
    if (field === 'winTile') return winnerMode === 'tiles';
    const input = form.table.find((i) => i.field === field);
    return !!input && TABLE_INPUTS[field]?.kind !== 'count' && counts(input, d, preset);
  };
  const fallback = [...seats].reverse().find((w) => d.seats[w].mode === 'tiles');
  const target = shown(focus) || !fallback ? focus : `${fallback}.concealed`;
  const typedWinnerWithTiles = winnerMode === 'score' && seats.some((w) => w !== d.winner && d.seats[w].mode === 'tiles' && hasTiles(d.seats[w]));

  return (
    <div class="page score-page" data-testid="score-page">
      <div class="score-head">
        <h1>{t('score.title')}</h1>
        <p class="muted">{t('score.lead')}</p>
      </div>
      <div class="score-layout">
        <div class="score-main">
          <section class="card score-setup">
            <label>
              {t('home.ruleset')}
              <select value={d.ruleset} data-testid="sa-ruleset" onChange={(e) => update((x) => (x.ruleset = (e.target as HTMLSelectElement).value))}>
                {rulesets.map((r) => (
                  <option value={r.name}>{rulesetLabel(r.name)}</option>
                ))}
              </select>
            </label>
            <label>
              {t('score.prevailing')}
              <select value={d.prevailing} onChange={(e) => update((x) => (x.prevailing = (e.target as HTMLSelectElement).value as Wind))}>
                {seats.map((w) => (
                  <option value={w}>{t(`wind.${w}`)}</option>
                ))}
              </select>
            </label>
            <label>
              {t('score.east_wins')}
              <input type="number" min={0} max={13} value={d.eastWins} onInput={(e) => update((x) => (x.eastWins = Number((e.target as HTMLInputElement).value) || 0))} />
            </label>
            <label>
              {t('score.winner')}
              <select value={d.winner} data-testid="sa-winner" onChange={(e) => update((x) => (x.winner = (e.target as HTMLSelectElement).value as Wind | ''))}>
                <option value="">{t('score.washout')}</option>
                {seats.map((w) => (
                  <option value={w}>{t(`wind.${w}`)}</option>
                ))}
              </select>
            </label>
            {d.winner && (
              <>
                <label>
                  {t('score.how')}
                  <select value={d.from} data-testid="sa-from" onChange={(e) => update((x) => (x.from = (e.target as HTMLSelectElement).value as WinFromOpt))}>
                    {(['wall', 'loose', 'discard', 'robbed_kong'] as const).map((f) => (
                      <option value={f}>{t(`score.from.${f}`)}</option>
                    ))}
                  </select>
                </label>
                {(d.from === 'discard' || d.from === 'robbed_kong') && (
                  <label>
                    {t('score.supplier')}
                    <select value={d.supplier} data-testid="sa-supplier" onChange={(e) => update((x) => (x.supplier = (e.target as HTMLSelectElement).value as Wind))}>
                      <option value="">—</option>
                      {seats.filter((w) => w !== d.winner).map((w) => (
                        <option value={w}>{t(`wind.${w}`)}</option>
                      ))}
                    </select>
                  </label>
                )}
                {winnerMode === 'tiles' && (
                  <TileInput
                    label={t('score.win_tile')}
                    value={d.winTile}
                    testid="sa-win-tile"
                    focused={focus === '.winTile'}
                    onFocus={() => setFocus('.winTile')}
                    onInput={(v) => update((x) => (x.winTile = v))}
                  />
                )}
                <div class="flags" data-testid="sa-flags">
                  {form.flags.map((f) => (
                    <label class="check" data-flag={f.field}>
                      <input type="checkbox" checked={!!d.flags[f.field]} onChange={(e) => update((x) => (x.flags[f.field] = (e.target as HTMLInputElement).checked))} />
                      {inputLabel(f, t(`score.flag.${f.field}`))}
                    </label>
                  ))}
                </div>
              </>
            )}
            {form.table.length > 0 && (
              <div class="table-fields" data-testid="sa-table-fields">
                {form.table.map((i) => (
                  <TableField input={i} d={d} preset={preset} focus={focus} setFocus={setFocus} update={update} />
                ))}
              </div>
            )}
            <div class="setup-buttons">
              <button class="btn small" data-testid="sa-example" onClick={() => setD({ ...emptyDraft(), ...(JSON.parse(JSON.stringify(EXAMPLE)) as Partial<Draft>) })}>
                {t('score.example')}
              </button>
              <button class="btn small" data-testid="sa-clear" onClick={() => setD({ ...emptyDraft(), ruleset: d.ruleset })}>
                {t('score.clear')}
              </button>
            </div>
          </section>

          {form.options.length > 0 && (
            <section class="card form-options" data-testid="sa-options">
              {form.options.map((o) => (
                <ChoiceOption option={o} value={optionChoice(d, preset, o)} set={(v) => update((x) => (x.options[o.option] = v))} />
              ))}
            </section>
          )}
          <div class={`seat-editors n${nSeats}`}>
            {seats.map((w) => (
              <SeatEditor
                w={w}
                s={d.seats[w]}
                isWinner={d.winner === w}
                focus={target}
                setFocus={setFocus}
                update={(f) => update((x) => f(x.seats[w]))}
                outcome={outcome}
                prevailing={d.prevailing}
                from={d.from}
                errorPath={error?.path}
                form={form}
                choices={d.seatChoices[w]}
                setChoice={(field, v) => update((x) => {
                  const c = { ...x.seatChoices[w] };
                  if (v) c[field] = v;
                  else delete c[field];
                  x.seatChoices[w] = c;
                })}
                checked={d.seatFlags[w]}
                setChecked={(field, v) => update((x) => (x.seatFlags[w] = { ...x.seatFlags[w], [field]: v }))}
              />
            ))}
          </div>
        </div>

        <aside class="score-side">
          <section class="card picker" data-testid="picker">
            <h3>{t('score.picker')}</h3>
            <p class="muted small">{t('score.picker_lead', { field: fieldLabel(target, form) })}</p>
            <div class="picker-tiles">
              {pickerCodes.map((c) => (
                <Tile code={c} size="sm" onClick={() => appendTile(c)} />
              ))}
            </div>
          </section>
          <section class="card result" data-testid="sa-result" data-busy={busy ? 'yes' : 'no'}>
            <h3>{t('score.result')}</h3>
            {typedWinnerWithTiles && <p class="warn">{t('score.typed_winner')}</p>}
            {error && <ErrorView error={error} />}
            {outcome && <ResultView outcome={outcome} seats={seats} winner={d.winner} />}
          </section>
          <LedgerPanel seats={seats} outcome={error ? null : outcome} table={() => buildTable(d, seats, false, form, preset)} draft={d} onRecorded={(next) => update((x) => {
            x.prevailing = next.prevailing;
            x.eastWins = next.eastWins;
          })} />
        </aside>
      </div>
      <div class="phone-dock">
        {outcome && !error && (
          <div class="dock-settle">
            {seats.map((w) => {
              const v = outcome.settlement[w] ?? 0;
              return (
                <span>
                  {t(`wind.short.${w}`)} <b class={v >= 0 ? 'pos' : 'neg'}>{signed(v)}</b>
                </span>
              );
            })}
          </div>
        )}
        {error && (
          <div class="dock-settle error" data-testid="sa-dock-error">
            {explainError(error).text}
          </div>
        )}
        <div class="dock-picker">
          {pickerCodes.map((c) => (
            <Tile code={c} size="md" onClick={() => appendTile(c)} />
          ))}
        </div>
      </div>
    </div>
  );
}

function hasTiles(s: SeatDraft): boolean {
  return !!(s.concealed.trim() || s.bonus.trim() || s.sets.length);
}

function fieldLabel(focus: string, form: ScoreForm): string {
  const [w, field, idx] = focus.split('.');
  if (field === 'winTile') return t('score.win_tile');
  if (!w && TABLE_INPUTS[field]) return t(TABLE_INPUTS[field].label);
  const seat = w ? t(`wind.${w}`) : '';
  if (field === 'set') return `${seat} · ${t('score.set')} ${Number(idx) + 1}`;
  if (field === 'bonus') return `${seat} · ${t(BONUS_LABEL[form.bonus])}`;
  return `${seat} · ${t(`score.${field}`)}`;
}

/**
 * One table field of the form, as `TABLE_INPUTS` takes it, with the option offered beside
 * it: a true-or-false one (`when`) before the field, which shows only while it is on; a
 * number (`per`) after it.
 */
function TableField(p: {
  input: ScoreFormInput;
  d: Draft;
  preset: Record<string, unknown>;
  focus: string;
  setFocus: (f: string) => void;
  update: (f: (d: Draft) => void) => void;
}) {
  const { input: i, d } = p;
  const { when, per } = i;
  const spec = TABLE_INPUTS[i.field];
  if (!spec) return null;
  const at = `.${i.field}`;
  const value = d.table[i.field];
  const set = (v: string | number) => p.update((x) => (x.table[i.field] = v));
  return (
    <>
      {when && (
        <label class="check">
          <input
            type="checkbox"
            checked={optionOn(d, p.preset, when)}
            data-testid={spec.option?.testid}
            onChange={(e) => p.update((x) => (x.options[when] = (e.target as HTMLInputElement).checked))}
          />
          {spec.option && t(spec.option.label)}
        </label>
      )}
      {counts(i, d, p.preset) &&
        (spec.kind === 'tiles' ? (
          <div class={`field ${p.focus === at ? 'focused' : ''}`}>
            <span class="field-label">{t(spec.label)}</span>
            <TilesInput value={String(value ?? '')} testid={spec.testid} onFocus={() => p.setFocus(at)} onInput={set} />
          </div>
        ) : spec.kind === 'tile' ? (
          <TileInput label={t(spec.label)} value={String(value ?? '')} testid={spec.testid} focused={p.focus === at} onFocus={() => p.setFocus(at)} onInput={set} />
        ) : (
          <CountInput label={t(spec.label)} value={Number(value ?? 0)} max={spec.max ?? 0} step={spec.step} testid={spec.testid} onInput={set} />
        ))}
      {per && spec.option && (
        <CountInput
          label={t(spec.option.label)}
          value={optionNumber(d, p.preset, per)}
          max={spec.option.max ?? 0}
          step={spec.option.step}
          testid={spec.option.testid}
          onInput={(v) => p.update((x) => (x.options[per] = v))}
        />
      )}
    </>
  );
}

/**
 * An option the form offers as a choice of its values (korean-3p's `ready_discount`), labelled
 * by its rule with what the rule says as the tooltip, each value by its catalogue names.
 */
function ChoiceOption(p: { option: ScoreFormOption; value: string; set: (v: string) => void }) {
  const { option: o } = p;
  const info = ruleInfo(o.rule);
  return (
    <label data-option={o.option} title={info?.text}>
      {info?.name ?? o.option}
      <select value={p.value} data-testid={`sa-option-${o.option}`} onChange={(e) => p.set((e.target as HTMLSelectElement).value)}>
        {o.values.map((v) => (
          <option value={v.value}>{valueLabel(v)}</option>
        ))}
      </select>
    </label>
  );
}

async function evaluate(d: Draft, seats: Wind[], form: ScoreForm, preset: Record<string, unknown>): Promise<Outcome> {
  const typed = seats.filter((w) => d.seats[w].mode === 'score');
  const scoreOf = (w: Wind) => {
    const v = Number(d.seats[w].score);
    // Status 0: the client's own message, already in the language.
    if (!Number.isInteger(v) || v < 0 || d.seats[w].score.trim() === '') throw new ApiError(0, t('score.need_score', { wind: t(`wind.${w}`) }), `seats.${w}`);
    return v;
  };
  if (typed.length === 0) {
    const result = await api.score(buildTable(d, seats, false, form, preset));
    const scores: Partial<Record<Wind, number>> = {};
    for (const w of seats) scores[w] = result.seats[w]?.score ?? 0;
    return { scores, result, settlement: result.settlement as Partial<Record<Wind, number>>, payments: result.payments };
  }
  let result: ScoreResult | null = null;
  const winnerTyped = !d.winner || d.seats[d.winner].mode === 'score';
  if (!winnerTyped) result = await api.score(buildTable(d, seats, true, form, preset));
  const scores: Record<string, number> = {};
  for (const w of seats) scores[w] = d.seats[w].mode === 'score' ? scoreOf(w) : winnerTyped ? 0 : result?.seats[w]?.score ?? 0;
  const body: Record<string, unknown> = { ruleset: d.ruleset, winner: d.winner || null, scores };
  if (d.winner) {
    const win: Record<string, unknown> = { from: d.from };
    if (d.from === 'discard' || d.from === 'robbed_kong') win.supplier = d.supplier || null;
    body.win = win;
  }
  const settled = await api.settle(body);
  return { scores, result, settlement: settled.settlement as Partial<Record<Wind, number>>, payments: settled.payments };
}

function SeatEditor(p: {
  w: Wind;
  s: SeatDraft;
  isWinner: boolean;
  focus: string;
  setFocus: (f: string) => void;
  update: (f: (s: SeatDraft) => void) => void;
  outcome: Outcome | null;
  prevailing: Wind;
  from: WinFromOpt;
  errorPath?: string;
  form: ScoreForm;
  /** The seat's chosen values of its fields with values, by name (`riichi`); '' is none. */
  choices: Record<string, string>;
  setChoice: (field: string, v: string) => void;
  /** The seat's true-or-false fields, by name (`ready`). */
  checked: Record<string, boolean>;
  setChecked: (field: string, v: boolean) => void;
}) {
  const { w, s } = p;
  const seatScore = p.outcome?.result?.seats[w];
  const hasError = p.errorPath?.startsWith(`seats.${w}`);
  const choices = p.form.seat.filter((i) => !isCheck(i));
  const checks = p.form.seat.filter(isCheck);
  return (
    <section class={`card seat-editor ${p.isWinner ? 'winner' : ''} ${hasError ? 'has-error' : ''}`} data-seat={w} data-testid={`sa-seat-${w}`}>
      <header>
        <span class="wind-badge small">
          <WindMark wind={w} />
        </span>
        <b>{t(`wind.${w}`)}</b>
        {p.isWinner && <span class="win-badge">{t('sheet.winner')}</span>}
        <span class="mode-switch" role="group">
          <button class={s.mode === 'tiles' ? 'active' : ''} data-testid={`sa-mode-tiles-${w}`} onClick={() => p.update((x) => (x.mode = 'tiles'))}>
            {t('score.mode_tiles')}
          </button>
          <button class={s.mode === 'score' ? 'active' : ''} data-testid={`sa-mode-score-${w}`} onClick={() => p.update((x) => (x.mode = 'score'))}>
            {t('score.mode_score')}
          </button>
        </span>
      </header>
      {choices.map((i) => (
        <label class="seat-choice" data-field={i.field}>
          {inputLabel(i, i.field)}
          <select value={seatChoice(p.choices, i) ?? ''} data-testid={`sa-${i.field}-${w}`} onChange={(e) => p.setChoice(i.field, (e.target as HTMLSelectElement).value)}>
            <option value="">—</option>
            {i.values?.map((v) => (
              <option value={v.value}>{valueLabel(v)}</option>
            ))}
          </select>
        </label>
      ))}
      {checks.length > 0 && (
        <div class="seat-checks">
          {checks.map((i) => (
            <label class="check" data-field={i.field} title={i.rule ? ruleInfo(i.rule)?.text : undefined}>
              <input
                type="checkbox"
                checked={!!p.checked[i.field]}
                data-testid={`sa-${i.field}-${w}`}
                onChange={(e) => p.setChecked(i.field, (e.target as HTMLInputElement).checked)}
              />
              {inputLabel(i, i.field)}
            </label>
          ))}
        </div>
      )}
      {s.mode === 'score' ? (
        <label class="typed-score">
          {t('score.typed')}
          <input
            type="number"
            min={0}
            inputMode="numeric"
            value={s.score}
            data-testid={`sa-score-${w}`}
            onInput={(e) => p.update((x) => (x.score = (e.target as HTMLInputElement).value))}
          />
        </label>
      ) : (
        <div class="tile-fields">
          {s.sets.map((set, i) => (
            <div class={`set-row ${p.focus === `${w}.set.${i}` ? 'focused' : ''}`} data-testid={`sa-set-${w}-${i}`}>
              <select value={set.kind} data-field="kind" onChange={(e) => p.update((x) => (x.sets[i].kind = (e.target as HTMLSelectElement).value as SetKind))}>
                {(['chow', 'pung', 'kong', 'pair'] as const).map((k) => (
                  <option value={k}>{t(`set.${k}`)}</option>
                ))}
              </select>
              <TilesInput
                value={set.tiles}
                testid={`sa-set-tiles-${w}-${i}`}
                onFocus={() => p.setFocus(`${w}.set.${i}`)}
                onInput={(v) => p.update((x) => (x.sets[i].tiles = v))}
              />
              {/* The set's kind of kong or exposure and its remove button wrap together: a
                  long label (Czech "vyložená") never leaves the × alone on a line. */}
              <span class="set-row-end">
                {set.kind === 'kong' ? (
                  <select value={set.kong} data-field="kong" onChange={(e) => p.update((x) => (x.sets[i].kong = (e.target as HTMLSelectElement).value as KongKind))}>
                    {(['concealed', 'claimed', 'annexed'] as const).map((k) => (
                      <option value={k}>{t(`kong.${k}`)}</option>
                    ))}
                  </select>
                ) : (
                  <label class="check">
                    <input type="checkbox" data-field="exposed" checked={set.exposed} onChange={(e) => p.update((x) => (x.sets[i].exposed = (e.target as HTMLInputElement).checked))} />
                    {t('score.exposed')}
                  </label>
                )}
                <button class="icon" title={t('score.remove')} onClick={() => p.update((x) => x.sets.splice(i, 1))}>
                  ×
                </button>
              </span>
            </div>
          ))}
          <button
            class="btn small"
            data-testid={`sa-add-set-${w}`}
            onClick={() => {
              p.update((x) => x.sets.push({ kind: 'pung', tiles: '', exposed: true, kong: 'claimed' }));
              p.setFocus(`${w}.set.${s.sets.length}`);
            }}
          >
            + {t('score.set')}
          </button>
          <div class={`field ${p.focus === `${w}.concealed` ? 'focused' : ''}`}>
            <span class="field-label">{t('score.concealed')}</span>
            <TilesInput value={s.concealed} testid={`sa-concealed-${w}`} onFocus={() => p.setFocus(`${w}.concealed`)} onInput={(v) => p.update((x) => (x.concealed = v))} />
          </div>
          <div class={`field ${p.focus === `${w}.bonus` ? 'focused' : ''}`}>
            <span class="field-label">{t(BONUS_LABEL[p.form.bonus])}</span>
            <TilesInput value={s.bonus} testid={`sa-bonus-${w}`} onFocus={() => p.setFocus(`${w}.bonus`)} onInput={(v) => p.update((x) => (x.bonus = v))} />
          </div>
        </div>
      )}
      {seatScore && s.mode === 'tiles' && (
        <div class="seat-result">
          <ItemsTable items={seatScore.items} wind={w} prevailing={p.prevailing} from={p.isWinner ? p.from : undefined} />
          <div class="seat-total" data-testid={`sa-seat-total-${w}`}>
            {seatScore.limit ? (
              <LimitTag
                id={seatScore.limit}
                name={limitName(seatScore.limit, seatScore.items, {
                  wind: w,
                  prevailing: p.prevailing,
                  from: p.isWinner ? p.from : undefined,
                  dealer: w === 'E',
                  score: seatScore.score,
                })}
              />
            ) : null}
            {countedAs(seatScore, p.form)} → <b data-testid={`sa-seat-score-${w}`}>{grouped(seatScore.score)}</b>
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * What a seat's score is counted from, in the family's units (its form's): han (or yakuman),
 * fan, hand-points and bonus-points, else points and doubles; every count with its plural
 * form.
 */
function countedAs(seat: ScoreSeat, form: ScoreForm): string {
  if (form.units === 'han_yakuman' || seat.han !== undefined) {
    const y = seat.yakuman ?? 0;
    if (y > 0) return y > 1 ? `${t('sheet.yakuman')} ×${y}` : t('sheet.yakuman');
    return t('sheet.han', { n: seat.han ?? seat.points });
  }
  if (form.units === 'fan' || seat.fan !== undefined) return t('sheet.fan', { n: seat.fan ?? seat.points });
  if (form.bonus_points) {
    // `score` is hand-points + bonus-points (`doubles` is always 0); a limit hand's score is
    // the limit, so only its hand-points are told.
    if (seat.limit) return tn('score.hand_points', seat.points);
    return t('score.and_list', { a: tn('score.hand_points', seat.points), b: tn('score.bonus_points', seat.score - seat.points) });
  }
  return t('score.and_list', { a: tn('score.points', seat.points), b: tn('score.doubles', seat.doubles) });
}

/**
 * The server's validation message in the language: the commonest cases (not a Mah-Jongg, a
 * tile not in the set, no discarder, the winning tile not in the hand, too many copies) get
 * a message of their own, any other a translated lead; the server's English words follow
 * as the detail.
 */
function explainError(error: { path?: string; message: string; local?: boolean }): { text: string; detail: string | null } {
  if (error.local) return { text: error.message, detail: null };
  const path = error.path ?? '';
  const msg = error.message;
  const seatOf = path.match(/^seats\.([ESWN])/);
  const where = seatOf ? `${t(`wind.${seatOf[1]}`)}: ` : '';
  const detail = `${path ? `${path}: ` : ''}${msg}`;
  let m: RegExpMatchArray | null;
  if (/^not a legal Mah-Jongg/.test(msg)) return { text: where + t('score.err.not_mahjong'), detail };
  if ((m = msg.match(/^(\S+) is not a tile of the \S+ set/))) return { text: where + t('score.err.not_in_set', { tile: tileName(m[1]) }), detail };
  if (path === 'win.supplier' && /^missing/.test(msg)) return { text: t('score.err.no_supplier'), detail };
  if (path === 'win.tile' && /^unknown tile code ""/.test(msg)) return { text: t('score.err.no_win_tile'), detail };
  if ((m = msg.match(/^(\S+) is not in the winner's hand/))) return { text: t('score.err.win_tile', { tile: tileName(m[1]) }), detail };
  if ((m = msg.match(/^(\d+) copies of (\S+)/))) return { text: where + t('score.err.copies', { tile: tileName(m[2]), n: m[1] }), detail };
  return { text: t('score.err.lead'), detail };
}

function ErrorView({ error }: { error: { path?: string; message: string; local?: boolean } }) {
  const { text, detail } = explainError(error);
  return (
    <div class="error" data-testid="sa-error">
      <p class="error-text" data-testid="sa-error-text">
        {text}
      </p>
      {detail && (
        <p class="error-detail muted small" data-testid="sa-error-detail" lang="en">
          {detail}
        </p>
      )}
    </div>
  );
}

/** One typed tile code (the winning tile, the korean dora indicator), with the tile it names. */
function TileInput(p: { label: string; value: string; testid: string; focused: boolean; onFocus: () => void; onInput: (v: string) => void }) {
  const code = parseCode(p.value);
  return (
    <label class={p.focused ? 'focused' : ''}>
      {p.label}
      <span class="tile-input-line">
        <input value={p.value} data-testid={p.testid} size={4} onFocus={p.onFocus} onInput={(e) => p.onInput((e.target as HTMLInputElement).value)} />
        {code && <Tile code={code} size="xs" />}
      </span>
    </label>
  );
}

/**
 * A table count (the pot, honba counters, the goulash): a whole number from 0 to `max`, the
 * most table-json.md takes, whatever is typed.
 */
function CountInput(p: { label: string; value: number; max: number; step?: number; testid: string; onInput: (v: number) => void }) {
  return (
    <label>
      {p.label}
      <input
        type="number"
        min={0}
        max={p.max}
        step={p.step}
        inputMode="numeric"
        value={p.value}
        data-testid={p.testid}
        onInput={(e) => p.onInput(Math.min(p.max, Math.max(0, Math.trunc(Number((e.target as HTMLInputElement).value) || 0))))}
      />
    </label>
  );
}

function TilesInput(p: { value: string; testid: string; onFocus: () => void; onInput: (v: string) => void }) {
  const { tiles, bad } = useMemo(() => parseTiles(p.value), [p.value]);
  return (
    <span class="tiles-input">
      <input
        value={p.value}
        data-testid={p.testid}
        placeholder={t('score.type_codes')}
        spellcheck={false}
        autocomplete="off"
        class={bad.length ? 'bad' : ''}
        onFocus={p.onFocus}
        onInput={(e) => p.onInput((e.target as HTMLInputElement).value)}
      />
      <span class="tiles-preview">
        {tiles.map((c, i) => (
          <Tile
            code={c}
            size="xs"
            title={t('score.click_remove')}
            onClick={() => {
              const next = [...tiles];
              next.splice(i, 1);
              p.onInput(next.join(' '));
            }}
          />
        ))}
        {bad.length > 0 && <span class="bad-codes">{t('score.unknown_codes', { codes: bad.join(' ') })}</span>}
      </span>
    </span>
  );
}

function ResultView({ outcome, seats, winner }: { outcome: Outcome; seats: Wind[]; winner: Wind | '' }) {
  return (
    <div>
      <table class="settle-table" data-testid="sa-settlement">
        <thead>
          <tr>
            <th />
            <th>{t('sheet.score')}</th>
            <th>{t('score.settlement')}</th>
          </tr>
        </thead>
        <tbody>
          {seats.map((w) => {
            const v = outcome.settlement[w] ?? 0;
            return (
              <tr data-seat={w} class={winner === w ? 'winner' : ''}>
                <th>{t(`wind.${w}`)}</th>
                <td data-testid={`sa-score-out-${w}`}>{grouped(outcome.scores[w] ?? 0)}</td>
                <td class={v >= 0 ? 'pos' : 'neg'} data-testid={`sa-settle-${w}`}>
                  {signed(v)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {outcome.payments.length > 0 && (
        <ul class="payments-list">
          {outcome.payments.map((p) => (
            <li>
              {t(`wind.${p.from}`)} → {t(`wind.${p.to}`)}: <b>{grouped(p.amount)}</b>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface Ledger {
  id: string;
  name: string;
  players: string[];
  hands: { settlement: number[]; table?: unknown; at?: number }[] | number;
  totals: number[];
}

function LedgerPanel(p: {
  seats: Wind[];
  outcome: Outcome | null;
  table: () => unknown;
  draft: Draft;
  onRecorded: (next: { prevailing: Wind; eastWins: number }) => void;
}) {
  const [list, setList] = useState<Ledger[]>([]);
  const [current, setCurrent] = useState<Ledger | null>(null);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [players, setPlayers] = useState<string[]>(['', '', '', '']);
  const [east, setEast] = useState(0);
  const [msg, setMsg] = useState('');
  const n = p.seats.length;

  const refresh = async (select?: string) => {
    try {
      const l = (await api.ledgers()) as Ledger[];
      setList(Array.isArray(l) ? l : []);
      const id = select ?? localStorage.getItem(LEDGER_KEY);
      if (id) {
        const full = (await api.ledger(id)) as Ledger;
        setCurrent(full);
        localStorage.setItem(LEDGER_KEY, full.id);
      }
    } catch {
      /* no ledger yet */
    }
  };
  useEffect(() => {
    refresh();
  }, []);

  const create = async () => {
    setMsg('');
    try {
      const res = (await api.createLedger({ name: name.trim(), players: players.slice(0, n).map((x) => x.trim()) })) as { id: string };
      setCreating(false);
      setEast(0);
      await refresh(res.id);
    } catch (e) {
      setMsg((e as Error).message);
    }
  };

  const record = async () => {
    if (!current || !p.outcome) return;
    const perPlayer = Array.from({ length: n }, (_, i) => {
      const w = p.seats[(i - east + n) % n];
      return p.outcome!.settlement[w] ?? 0;
    });
    const allTiles = p.seats.every((w) => p.draft.seats[w].mode === 'tiles');
    try {
      const updated = (await api.addLedgerHand(current.id, { settlement: perPlayer, table: allTiles ? p.table() : null })) as Ledger;
      setCurrent(updated);
      setMsg(t('ledger.recorded'));
      // The next hand: East keeps the deal after a win of his own (or a washout), else it passes on.
      const eastWon = p.draft.winner === 'E' || p.draft.winner === '';
      if (!eastWon) setEast((east + 1) % n);
      p.onRecorded({ prevailing: p.draft.prevailing, eastWins: p.draft.winner === 'E' ? p.draft.eastWins + 1 : eastWon ? p.draft.eastWins : 0 });
      refresh(current.id);
    } catch (e) {
      setMsg((e as Error).message);
    }
  };

  const hands = current && Array.isArray(current.hands) ? current.hands : [];
  let running = Array(current?.players.length ?? n).fill(0) as number[];
  return (
    <section class="card ledger" data-testid="ledger">
      <h3>{t('ledger.title')}</h3>
      <div class="row">
        <select
          value={current?.id ?? ''}
          data-testid="ledger-select"
          onChange={(e) => {
            const id = (e.target as HTMLSelectElement).value;
            if (id) refresh(id);
            else setCurrent(null);
          }}
        >
          <option value="">{t('ledger.none')}</option>
          {list.map((l) => (
            <option value={l.id}>{l.name}</option>
          ))}
        </select>
        <button class="btn small" data-testid="ledger-new" onClick={() => setCreating(!creating)}>
          {t('ledger.new')}
        </button>
      </div>
      {creating && (
        <div class="ledger-new">
          <input placeholder={t('ledger.name')} value={name} data-testid="ledger-name" onInput={(e) => setName((e.target as HTMLInputElement).value)} />
          {Array.from({ length: n }, (_, i) => (
            <input
              placeholder={t('ledger.player', { n: i + 1 })}
              value={players[i]}
              data-testid={`ledger-player-${i}`}
              onInput={(e) => {
                const next = [...players];
                next[i] = (e.target as HTMLInputElement).value;
                setPlayers(next);
              }}
            />
          ))}
          <button class="btn small primary" data-testid="ledger-create" onClick={create}>
            {t('ledger.create')}
          </button>
        </div>
      )}
      {current && (
        <>
          <label class="row">
            {t('ledger.east_is')}
            <select value={east} data-testid="ledger-east" onChange={(e) => setEast(Number((e.target as HTMLSelectElement).value))}>
              {current.players.map((pl, i) => (
                <option value={i}>{pl}</option>
              ))}
            </select>
          </label>
          <button class="btn primary" disabled={!p.outcome} data-testid="ledger-add" onClick={record}>
            {t('ledger.add')}
          </button>
          <div class="table-scroll">
            <table class="totals" data-testid="ledger-table">
              <thead>
                <tr>
                  <th>#</th>
                  {current.players.map((pl) => (
                    <th>{pl}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {hands.map((h, i) => {
                  running = running.map((v, j) => v + (h.settlement[j] ?? 0));
                  return (
                    <tr>
                      <td>{i + 1}</td>
                      {running.map((v, j) => (
                        <td class={v >= 0 ? 'pos' : 'neg'} title={signed(h.settlement[j] ?? 0)}>
                          {signed(v)}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
              <tfoot>
                <tr>
                  <th>Σ</th>
                  {(current.totals ?? running).map((v) => (
                    <th class={v >= 0 ? 'pos' : 'neg'} data-testid="ledger-total">
                      {signed(v)}
                    </th>
                  ))}
                </tr>
              </tfoot>
            </table>
          </div>
        </>
      )}
      {msg && <p class="muted small" data-testid="ledger-msg">{msg}</p>}
    </section>
  );
}
