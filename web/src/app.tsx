import { useEffect, useState } from 'preact/hooks';
import { LANGS, lang, onLangChange, setLang, t, type Lang } from './i18n';
import { linkClick, useLocation } from './router';
import { TileDefs } from './tiles';
import { Home } from './pages/home';
import { TablePage } from './pages/table';
import { HistoryPage } from './pages/history';
import { ReplayPage } from './pages/replay';
import { ScorePage } from './pages/score';
import { TilesPage } from './pages/tiles';
import { Hanzi } from './glyphs';

export function App() {
  const [current, setCurrent] = useState<Lang>(lang());
  useEffect(() => {
    document.documentElement.lang = current;
    return onLangChange(setCurrent);
  }, []);
  const { path, query } = useLocation();
  let page;
  let m: RegExpMatchArray | null;
  if (path === '/' || path === '/index.html') page = <Home />;
  else if ((m = path.match(/^\/table\/([^/]+)\/?$/))) page = <TablePage key={m[1] + (query.get('token') ?? '')} id={decodeURIComponent(m[1])} token={query.get('token')} />;
  else if (path === '/history' || path === '/history/') page = <HistoryPage />;
  else if ((m = path.match(/^\/history\/([^/]+)\/?$/))) page = <ReplayPage key={m[1]} id={decodeURIComponent(m[1])} />;
  else if (path === '/score' || path === '/score/') page = <ScorePage />;
  else if (path === '/tiles' || path === '/tiles/') page = <TilesPage />;
  else page = <NotFound />;
  const onTable = path.startsWith('/table/');
  return (
    <div class={`app ${onTable ? 'app-table' : ''}`} onClick={linkClick} data-lang={current}>
      <TileDefs />
      <header class="topbar">
        <a href="/" class="brand" aria-label={t('nav.home')}>
          <span class="brand-tile">
            <Hanzi ch="中" weight={11} />
          </span>
          <span class="brand-name">{t('app.name')}</span>
        </a>
        <nav class="nav">
          <a href="/" class={path === '/' ? 'active' : ''} data-nav="play">{t('nav.play')}</a>
          <a href="/history" class={path.startsWith('/history') ? 'active' : ''} data-nav="history">{t('nav.history')}</a>
          <a href="/score" class={path.startsWith('/score') ? 'active' : ''} data-nav="score">
            <span class="long">{t('nav.score')}</span>
            <span class="short">{t('nav.score_short')}</span>
          </a>
        </nav>
        <div class="langs" role="group" aria-label={t('nav.language')}>
          {LANGS.map((l) => (
            <button
              type="button"
              class={l.id === current ? 'active' : ''}
              data-lang={l.id}
              title={l.label}
              aria-pressed={l.id === current}
              onClick={() => setLang(l.id)}
            >
              {l.id.toUpperCase()}
            </button>
          ))}
        </div>
      </header>
      <main class="main">{page}</main>
    </div>
  );
}

function NotFound() {
  return (
    <div class="page narrow">
      <h1>{t('notfound.title')}</h1>
      <p>
        <a href="/">{t('nav.home')}</a>
      </p>
    </div>
  );
}
