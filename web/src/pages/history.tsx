import { useEffect, useState } from 'preact/hooks';
import { api, displayNames, type GameListEntry } from '../api';
import { lang, signed, t } from '../i18n';
import { rulesetLabel } from './home';
import { shownName } from '../names';

export function formatTime(ms: unknown): string {
  if (typeof ms !== 'number') return '';
  const l = lang();
  return new Date(ms).toLocaleString(l === 'cs' ? 'cs-CZ' : l === 'pl' ? 'pl-PL' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
}

export function HistoryPage() {
  const [games, setGames] = useState<GameListEntry[] | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api
      .games()
      .then((g) => setGames(Array.isArray(g) ? g : []))
      .catch((e) => setError((e as Error).message));
  }, []);
  return (
    <div class="page">
      <h1>{t('history.title')}</h1>
      {error && <p class="error">{error}</p>}
      {games === null && !error && <p class="muted">{t('common.loading')}</p>}
      {games && games.length === 0 && <p class="muted">{t('history.empty')}</p>}
      {games && games.length > 0 && (
        <div class="table-scroll">
          <table class="games" data-testid="games">
            <thead>
              <tr>
                <th>{t('history.when')}</th>
                <th>{t('home.ruleset')}</th>
                <th>{t('history.players')}</th>
                <th>{t('history.hands')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {games.map((g) => {
                const rs = g.ruleset;
                // The names the replay shows: a repeated one ("Greedy bot") with its seat number.
                const names = displayNames(g.players.map((p) => shownName(p, undefined, false)));
                return (
                  <tr data-game={String(g.id)}>
                    <td class="games-when">{formatTime(g.finished_at ?? g.started_at)}</td>
                    <td class="games-ruleset">{rulesetLabel(rs)}</td>
                    <td class="players-cell">
                      {names.map((name, i) => (
                        <span class="player-total" data-testid="game-player">
                          {name} <b class={(g.totals?.[i] ?? 0) >= 0 ? 'pos' : 'neg'}>{signed(g.totals?.[i] ?? 0)}</b>
                        </span>
                      ))}
                    </td>
                    <td class="games-hands" data-label={t('history.hands')}>{String(g.hands ?? '')}</td>
                    <td class="games-replay">
                      <a class="btn small" href={`/history/${encodeURIComponent(String(g.id))}`}>
                        {t('history.replay')}
                      </a>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
