import { useEffect, useState } from 'preact/hooks';
import { api, type CreatedTable, type RulesetInfo } from '../api';
import { t } from '../i18n';
import { Tile } from '../tiles';
import { navigate } from '../router';
import { EyeIcon } from '../glyphs';

export const BOTS = ['greedy', 'strong', 'random'];

/** How long a bot pauses before it acts: long enough to follow the play, for every table made here. */
export const BOT_DELAY_MS = 400;

/** The presets with their family, options and number of seats (the default preset until the server answers). */
export function useRulesets(): RulesetInfo[] {
  const [list, setList] = useState<RulesetInfo[]>([{ name: 'millington', preset: 'millington', family: 'classical', options: {}, seats: 4, tiles: [] }]);
  useEffect(() => {
    api
      .rulesets()
      .then((data) => {
        if (Array.isArray(data) && data.length) setList(data);
      })
      .catch(() => {});
  }, []);
  return list;
}

export function rulesetLabel(name: string): string {
  const key = `ruleset.${name}`;
  const s = t(key);
  return s === key ? name : s;
}

export function Home() {
  const rulesets = useRulesets();
  const [ruleset, setRuleset] = useState('millington');
  const info = rulesets.find((r) => r.name === ruleset);
  const seats = info?.seats ?? 4;
  const [kinds, setKinds] = useState<string[]>(['human', 'human', 'greedy', 'greedy']);
  const [names, setNames] = useState<string[]>(['', '', '', '']);
  const [created, setCreated] = useState<CreatedTable | null>(null);
  const [error, setError] = useState('');
  // The claim timer as the user set it; until then the chosen ruleset's own (its option
  // claim_seconds, as quick play uses), so the rules stay data.
  const [claimSet, setClaim] = useState<number | null>(null);
  const rulesetClaim = typeof info?.options.claim_seconds === 'number' ? info.options.claim_seconds : null;
  const claim = claimSet ?? rulesetClaim ?? 10;
  const [delay, setDelay] = useState(BOT_DELAY_MS);
  const [quickBusy, setQuickBusy] = useState(false);
  const [quickError, setQuickError] = useState('');
  const [busy, setBusy] = useState(false);

  const seatKinds = Array.from({ length: seats }, (_, i) => kinds[i] ?? 'greedy');

  async function create() {
    setBusy(true);
    setError('');
    try {
      const table = await api.createTable({
        ruleset,
        options: claimSet === null ? {} : { claim_seconds: claimSet },
        seats: seatKinds,
        names: seatKinds.map((k, i) => (k === 'human' && names[i].trim() ? names[i].trim() : null)),
        bot_delay_ms: delay,
      });
      setCreated(table);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  // Quick play makes its table through the API (a POST of JSON), with the same bot pause as a
  // table for friends. The server makes no table on a GET: there is no script-less form.
  async function quickPlay(e: Event) {
    e.preventDefault();
    setQuickBusy(true);
    setQuickError('');
    try {
      const table = await api.createTable({
        ruleset,
        seats: Array.from({ length: seats }, (_, i) => (i === 0 ? 'human' : 'greedy')),
        bot_delay_ms: BOT_DELAY_MS,
      });
      const url = table.seats[0]?.join_url;
      if (!url) throw new Error('no seat link');
      navigate(url);
    } catch (err) {
      setQuickError((err as Error).message);
      setQuickBusy(false);
    }
  }

  return (
    <div class="page home">
      <section class="hero">
        <div class="hero-tiles" aria-hidden="true">
          {['EW', 'RD', '1D', '5B', '9C', 'GD', 'WD'].map((c) => (
            <Tile code={c} size="lg" />
          ))}
        </div>
        <h1>{t('home.title')}</h1>
        <p class="lead">{t('home.lead')}</p>
        <form class="quick" onSubmit={quickPlay}>
          <label>
            {t('home.ruleset')}
            <select name="ruleset" value={ruleset} onChange={(e) => setRuleset((e.target as HTMLSelectElement).value)} data-testid="quick-ruleset">
              {rulesets.map((r) => (
                <option value={r.name}>{rulesetLabel(r.name)}</option>
              ))}
            </select>
          </label>
          <button type="submit" class="btn primary big" data-testid="play-bots" disabled={quickBusy}>
            {t('home.play_bots', { n: seats - 1 })}
          </button>
        </form>
        {quickError && <p class="error">{quickError}</p>}
      </section>

      <div class="cards">
        <section class="card">
          <h2>{t('home.friends')}</h2>
          <p class="muted">{t('home.friends_lead')}</p>
          <p class="muted small" data-testid="friends-rules">
            {t('home.friends_rules', { rules: rulesetLabel(ruleset) })}
          </p>
          <div class="seat-kinds">
            {seatKinds.map((k, i) => (
              <label class="seat-kind">
                <span class="seat-wind">{t(`wind.short.${'ESWN'[i]}`)}</span>
                <select
                  value={k}
                  data-testid={`seat-kind-${i}`}
                  onChange={(e) => {
                    const next = [...seatKinds];
                    next[i] = (e.target as HTMLSelectElement).value;
                    setKinds(next);
                  }}
                >
                  <option value="human">{t('kind.human')}</option>
                  {BOTS.map((b) => (
                    <option value={b}>{t(`kind.${b}`)}</option>
                  ))}
                </select>
                {k === 'human' && (
                  <input
                    class="seat-name"
                    placeholder={t('home.name')}
                    maxLength={40}
                    value={names[i]}
                    data-testid={`seat-name-${i}`}
                    onInput={(e) => {
                      const next = [...names];
                      next[i] = (e.target as HTMLInputElement).value;
                      setNames(next);
                    }}
                  />
                )}
              </label>
            ))}
          </div>
          <div class="row">
            <label>
              {t('home.claim_seconds')}
              <input type="number" min={0} max={120} value={claim} data-testid="claim-seconds" onInput={(e) => setClaim(Number((e.target as HTMLInputElement).value))} />
            </label>
            <label>
              {t('home.bot_delay')}
              <input type="number" min={0} max={5000} step={100} value={delay} data-testid="bot-delay" onInput={(e) => setDelay(Number((e.target as HTMLInputElement).value))} />
            </label>
          </div>
          <button type="button" class="btn primary" disabled={busy} onClick={create} data-testid="create-table">
            {t('home.create')}
          </button>
          {error && <p class="error">{error}</p>}
          {created && <SeatLinks table={created} />}
        </section>

        <section class="card">
          <h2>{t('home.more')}</h2>
          <ul class="links">
            <li>
              <a href="/history">{t('nav.history')}</a> — {t('home.history_lead')}
            </li>
            <li>
              <a href="/score">{t('nav.score')}</a> — {t('home.score_lead')}
            </li>
            <li>
              <a href="/tiles" data-testid="tiles-link">{t('tiles.title')}</a> — {t('home.tiles_lead')}
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}

function SeatLinks({ table }: { table: CreatedTable }) {
  const abs = (u: string) => new URL(u, location.origin).toString();
  const [copied, setCopied] = useState<number | null>(null);
  // The Clipboard API exists only on https or localhost: a server on the local network is
  // plain http, so the link's own field is selected and copied the old way there.
  function copy(seat: number, url: string, e: Event) {
    const input = (e.currentTarget as HTMLElement).parentElement?.querySelector('input');
    const done = () => {
      setCopied(seat);
      window.setTimeout(() => setCopied((c) => (c === seat ? null : c)), 2000);
    };
    const fallback = () => {
      input?.select();
      if (document.execCommand('copy')) done();
    };
    if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, fallback);
    else fallback();
  }
  return (
    <div class="seat-links" data-testid="seat-links" data-table={table.id}>
      <h3>{t('home.links')}</h3>
      <ul>
        {table.seats.map((s) => (
          <li data-seat={s.seat}>
            <span class="seat-wind">{t(`wind.short.${'ESWN'[s.seat]}`)}</span>
            {s.join_url ? (
              <>
                <input readOnly value={abs(s.join_url)} onFocus={(e) => (e.target as HTMLInputElement).select()} data-testid={`join-url-${s.seat}`} />
                <button type="button" class="btn small" data-testid={`copy-${s.seat}`} onClick={(e) => copy(s.seat, abs(s.join_url!), e)}>
                  {copied === s.seat ? t('home.copied') : t('home.copy')}
                </button>
                <button type="button" class="btn small primary" onClick={() => navigate(s.join_url!)}>
                  {t('home.sit')}
                </button>
              </>
            ) : (
              <span class="muted">{t(`kind.${s.kind}`)}</span>
            )}
          </li>
        ))}
        <li>
          <span class="seat-wind" aria-label={t('home.watch')}>
            <EyeIcon />
          </span>
          <input readOnly value={abs(table.spectate_url)} />
          <button type="button" class="btn small" onClick={() => navigate(table.spectate_url)}>
            {t('home.watch')}
          </button>
        </li>
      </ul>
    </div>
  );
}
