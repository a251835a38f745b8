// Every tile of every ruleset with its name: a legend for new players, and the page the
// browser tests use to check that each face is drawn by our own shapes.
import { t } from '../i18n';
import { ALL_CODES, Tile, tileName } from '../tiles';

const GROUPS: { key: string; codes: (c: string) => boolean }[] = [
  { key: 'tile.characters', codes: (c) => /^[0-9]C$/.test(c) },
  { key: 'tile.bamboo', codes: (c) => /^[0-9]B$/.test(c) },
  { key: 'tile.circles', codes: (c) => /^[0-9]D$/.test(c) },
  { key: 'tiles.honours', codes: (c) => /^([ESWN]W|[RGW]D)$/.test(c) },
  { key: 'tiles.bonus', codes: (c) => /^[1-4][FS]$/.test(c) },
  { key: 'tiles.more', codes: (c) => /^([1-4][AH]|JK)$/.test(c) },
];

// Red fives sort next to their fives, as in a hand.
const ORDERED = [...ALL_CODES].sort((a, b) => rank(a) - rank(b));
function rank(c: string): number {
  const i = ALL_CODES.indexOf(c);
  return c[0] === '0' ? ALL_CODES.indexOf('5' + c[1]) + 0.5 : i;
}

export function TilesPage() {
  return (
    <div class="page tiles-page" data-testid="tile-gallery">
      <h1>{t('tiles.title')}</h1>
      <p class="muted">{t('tiles.lead')}</p>
      {GROUPS.map((g) => (
        <section class="tile-group">
          <h2>{cap(t(g.key))}</h2>
          <div class="tile-grid">
            {ORDERED.filter(g.codes).map((c) => (
              <figure class="tile-card" data-code={c}>
                <Tile code={c} size="xl" />
                <figcaption>{tileName(c)}</figcaption>
              </figure>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
