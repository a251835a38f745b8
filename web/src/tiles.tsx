// Tile artwork: our own SVG drawings, shapes and stroked paths only, so no tile depends on the
// fonts a machine has. Every number tile shows its numeral in the corner, every honour its
// Chinese character and a Latin letter, so a tile reads at any size.
import type { JSX } from 'preact';
import { t } from './i18n';
import { NUMERAL_HANZI, WIND_HANZI, hanzi, latin } from './glyphs';

const INK = '#1d2a4d';
const RED = '#c0392b';
const GREEN = '#17794a';
const BLUE = '#1f4e9c';
const FACE = '#fbf7ea';


/**
 * Every tile code in the order the client shows tiles (hands, pickers). Which tiles a
 * ruleset has is the server's (`RulesetInfo.tiles`).
 */
export const ALL_CODES: string[] = [
  ...'123456789'.split('').map((n) => n + 'C'),
  ...'123456789'.split('').map((n) => n + 'B'),
  ...'123456789'.split('').map((n) => n + 'D'),
  'EW', 'SW', 'WW', 'NW', 'RD', 'GD', 'WD',
  '1F', '2F', '3F', '4F', '1S', '2S', '3S', '4S',
  '1A', '2A', '3A', '4A', '1H', '2H', '3H', '4H', '0B', '0C', '0D', 'JK',
];

const ORDER = new Map(ALL_CODES.map((c, i) => [c, i]));

/** Sort key: suits, then winds, dragons, bonus tiles; red fives next to their fives. */
export function tileOrder(code: string): number {
  if (code[0] === '0' && 'BCD'.includes(code[1])) return (ORDER.get('5' + code[1]) ?? 0) + 0.5;
  return ORDER.get(code) ?? 999;
}

export function sortTiles(codes: string[]): string[] {
  return [...codes].sort((a, b) => tileOrder(a) - tileOrder(b));
}

/** Is this a valid tile code (case-insensitive)? Returns the canonical code or null. */
export function parseCode(s: string): string | null {
  const c = s.trim().toUpperCase();
  return ORDER.has(c) ? c : null;
}

/** A readable name of a tile in the current language ("5 Circles", "East Wind"). */
export function tileName(code: string): string {
  const [a, b] = [code[0], code[1]];
  if ('BCD'.includes(b) && /[0-9]/.test(a)) {
    const suit = t(b === 'B' ? 'tile.bamboo' : b === 'C' ? 'tile.characters' : 'tile.circles');
    return a === '0' ? `5 ${suit} (${t('tile.red')})` : `${a} ${suit}`;
  }
  if (b === 'W' && WIND_HANZI[a]) return t(`wind.${a}`);
  if (code === 'RD') return t('tile.red_dragon');
  if (code === 'GD') return t('tile.green_dragon');
  if (code === 'WD') return t('tile.white_dragon');
  if (b === 'F') return `${t('tile.flower')} ${a}`;
  if (b === 'S') return `${t('tile.season')} ${a}`;
  if (b === 'A') return `${t('tile.animal')} ${a}`;
  if (b === 'H') return `${t('tile.face')} ${a}`;
  if (code === 'JK') return t('tile.joker');
  return code;
}

function pip(cx: number, cy: number, r: number, color: string, key: string | number): JSX.Element {
  return (
    <g key={key}>
      <circle cx={cx} cy={cy} r={r} fill={color} />
      <circle cx={cx} cy={cy} r={r * 0.74} fill={FACE} />
      <circle cx={cx} cy={cy} r={r * 0.52} fill={color} />
      <circle cx={cx} cy={cy} r={r * 0.2} fill={FACE} />
    </g>
  );
}

function circles(n: number, red: boolean): JSX.Element[] {
  const c = (x: string) => (red ? RED : x);
  switch (n) {
    case 1:
      return [
        <circle key="o" cx={30} cy={40} r={21} fill={GREEN} />,
        <circle key="a" cx={30} cy={40} r={17.5} fill={FACE} />,
        <circle key="b" cx={30} cy={40} r={15} fill={BLUE} />,
        ...Array.from({ length: 8 }, (_, i) => {
          const a = (i * Math.PI) / 4;
          return <circle key={'p' + i} cx={30 + 10 * Math.cos(a)} cy={40 + 10 * Math.sin(a)} r={2.6} fill={FACE} />;
        }),
        <circle key="c" cx={30} cy={40} r={6} fill={RED} />,
        <circle key="d" cx={30} cy={40} r={2.4} fill={FACE} />,
      ];
    case 2:
      return [pip(30, 23, 11, c(GREEN), 1), pip(30, 57, 11, c(BLUE), 2)];
    case 3:
      return [pip(17, 21, 9, c(BLUE), 1), pip(30, 40.5, 9, RED, 2), pip(43, 60, 9, c(GREEN), 3)];
    case 4:
      return [pip(18, 24, 10, c(BLUE), 1), pip(42, 24, 10, c(GREEN), 2), pip(18, 56, 10, c(GREEN), 3), pip(42, 56, 10, c(BLUE), 4)];
    case 5:
      return [
        pip(18, 22, 8.6, c(BLUE), 1), pip(42, 22, 8.6, c(GREEN), 2), pip(30, 41, 8.6, RED, 3),
        pip(18, 60, 8.6, c(GREEN), 4), pip(42, 60, 8.6, c(BLUE), 5),
      ];
    case 6:
      return [
        pip(19, 20, 7.8, c(GREEN), 1), pip(41, 20, 7.8, c(GREEN), 2),
        pip(19, 44, 7.8, RED, 3), pip(41, 44, 7.8, RED, 4), pip(19, 63, 7.8, RED, 5), pip(41, 63, 7.8, RED, 6),
      ];
    case 7:
      return [
        pip(19, 18, 6.3, c(GREEN), 1), pip(30, 25, 6.3, c(GREEN), 2), pip(41, 32, 6.3, c(GREEN), 3),
        pip(19, 50, 7.4, RED, 4), pip(41, 50, 7.4, RED, 5), pip(19, 67, 7.4, RED, 6), pip(41, 67, 7.4, RED, 7),
      ];
    case 8:
      return [18, 34, 50, 66].flatMap((y, i) => [pip(20, y, 7.4, c(BLUE), 'a' + i), pip(40, y, 7.4, c(BLUE), 'b' + i)]);
    case 9:
      return [22, 42, 62].flatMap((y, row) =>
        [15, 30, 45].map((x, col) => pip(x, y, 7, c([BLUE, RED, GREEN][row]), `${row}${col}`)),
      );
  }
  return [];
}

function stick(cx: number, cy: number, h: number, color: string, key: string | number, w = 7): JSX.Element {
  const top = cy - h / 2;
  return (
    <g key={key}>
      <rect x={cx - w / 2} y={top} width={w} height={h} rx={3.2} fill={color} />
      <rect x={cx - 0.8} y={top + 2} width={1.6} height={h - 4} rx={0.8} fill={FACE} opacity={0.55} />
      <rect x={cx - w / 2 - 0.6} y={cy - 1} width={w + 1.2} height={2} rx={1} fill={color} stroke={FACE} stroke-width={0.6} />
      <rect x={cx - w / 2 - 0.4} y={top - 0.2} width={w + 0.8} height={1.8} rx={0.9} fill={color} />
      <rect x={cx - w / 2 - 0.4} y={top + h - 1.6} width={w + 0.8} height={1.8} rx={0.9} fill={color} />
    </g>
  );
}

function bird(): JSX.Element[] {
  return [
    <path key="t1" d="M22 50 L6 66 L12 68 Z" fill={RED} />,
    <path key="t2" d="M22 50 L9 60 L10 70 L16 68 Z" fill={GREEN} />,
    <path key="t3" d="M24 52 L14 72 L20 72 Z" fill={BLUE} />,
    <ellipse key="b" cx={32} cy={46} rx={14} ry={10.5} fill={GREEN} />,
    <path key="w" d="M24 44 Q32 34 42 42 Q34 50 24 44 Z" fill="#0f5a35" />,
    <path key="w2" d="M26 44 Q32 39 39 43" stroke={FACE} stroke-width={1} fill="none" />,
    <circle key="h" cx={43} cy={30} r={7.5} fill={GREEN} />,
    <circle key="e" cx={45} cy={28.5} r={2} fill={FACE} />,
    <circle key="e2" cx={45.5} cy={28.5} r={1} fill={INK} />,
    <path key="k" d="M50 30 L57 32 L50 34 Z" fill="#e08a1e" />,
    <path key="c" d="M40 23 Q43 15 47 22" stroke={RED} stroke-width={2.2} fill="none" />,
    <path key="f" d="M30 56 L28 64 M36 56 L37 64" stroke="#8a5a2b" stroke-width={1.8} />,
  ];
}

function bamboos(n: number, red: boolean): JSX.Element[] {
  const g = red ? RED : GREEN;
  switch (n) {
    case 1:
      return bird();
    case 2:
      return [stick(30, 24, 24, g, 1), stick(30, 56, 24, BLUE, 2)];
    case 3:
      return [stick(30, 24, 24, BLUE, 1), stick(20, 56, 24, g, 2), stick(40, 56, 24, g, 3)];
    case 4:
      return [stick(20, 24, 24, BLUE, 1), stick(40, 24, 24, g, 2), stick(20, 56, 24, g, 3), stick(40, 56, 24, BLUE, 4)];
    case 5:
      return [
        stick(17, 24, 24, g, 1), stick(43, 24, 24, BLUE, 2), stick(30, 40, 24, RED, 3),
        stick(17, 56, 24, BLUE, 4), stick(43, 56, 24, g, 5),
      ];
    case 6:
      return [16, 30, 44].flatMap((x, i) => [stick(x, 24, 24, g, 'a' + i), stick(x, 56, 24, BLUE, 'b' + i)]);
    case 7:
      return [
        stick(30, 14, 16, RED, 't'),
        ...[16, 30, 44].flatMap((x, i) => [stick(x, 40, 20, g, 'a' + i), stick(x, 63, 20, g, 'b' + i)]),
      ];
    case 8:
      return [
        ...[15, 25, 35, 45].map((x, i) => stick(x, 28, 24, g, 'a' + i, 6)),
        ...[15, 25, 35, 45].map((x, i) => stick(x, 58, 24, BLUE, 'b' + i, 6)),
      ];
    case 9:
      return [21, 43, 65].flatMap((y, row) =>
        [16, 30, 44].map((x, col) => stick(x, y, 18, col === 1 ? RED : row === 1 ? BLUE : g, `${row}${col}`)),
      );
  }
  return [];
}

// The index in the top-left corner: digits and capitals drawn as strokes, not text.
function corner(text: string, color = INK): JSX.Element {
  return latin(text, 5.5, 4.5, 8, color, 'idx');
}

// The four flowers, each its own plant: plum, orchid, chrysanthemum, bamboo.
function flower(n: number): JSX.Element[] {
  switch (n) {
    case 1: {
      const petals = Array.from({ length: 5 }, (_, i) => {
        const a = (i * 2 * Math.PI) / 5 - Math.PI / 2;
        return <circle key={i} cx={34 + 7.5 * Math.cos(a)} cy={34 + 7.5 * Math.sin(a)} r={6} fill="#d6457a" />;
      });
      return [
        <path key="br" d="M12 72 Q22 58 30 52 Q38 46 44 30 M26 56 Q18 50 16 40" stroke="#6b4226" stroke-width={2.6} fill="none" stroke-linecap="round" />,
        ...petals,
        <circle key="c" cx={34} cy={34} r={3.4} fill="#f4d03f" />,
        <circle key="bud" cx={16} cy={38} r={3.6} fill="#e57ba1" />,
        <circle key="bud2" cx={46} cy={58} r={4.2} fill="#e57ba1" />,
      ];
    }
    case 2:
      return [
        <path key="l1" d="M30 76 Q22 56 8 46" stroke={GREEN} stroke-width={2.4} fill="none" stroke-linecap="round" />,
        <path key="l2" d="M30 76 Q36 58 52 50" stroke={GREEN} stroke-width={2.4} fill="none" stroke-linecap="round" />,
        <path key="l3" d="M30 76 Q28 60 32 44" stroke={GREEN} stroke-width={2} fill="none" stroke-linecap="round" />,
        <path key="p1" d="M32 40 Q20 30 22 18 Q32 24 32 40 Z" fill="#8e44ad" />,
        <path key="p2" d="M32 40 Q44 30 44 18 Q34 24 32 40 Z" fill="#8e44ad" />,
        <path key="p3" d="M32 40 Q24 44 16 40 Q24 34 32 40 Z" fill="#a569bd" />,
        <path key="p4" d="M32 40 Q40 46 48 42 Q40 34 32 40 Z" fill="#a569bd" />,
        <circle key="c" cx={32} cy={38} r={2.6} fill="#f4d03f" />,
      ];
    case 3: {
      const petals = Array.from({ length: 16 }, (_, i) => {
        const a = (i * 2 * Math.PI) / 16;
        const [c, s] = [Math.cos(a), Math.sin(a)];
        return <path key={i} d={`M${30 + 4 * c} ${34 + 4 * s} L${30 + 15 * c} ${34 + 15 * s}`} stroke={i % 2 ? '#e0a10f' : '#d68910'} stroke-width={3.4} stroke-linecap="round" />;
      });
      return [
        <path key="stem" d="M30 48 Q28 62 32 78" stroke={GREEN} stroke-width={2.4} fill="none" />,
        <path key="leaf" d="M30 64 Q18 58 14 66 Q22 70 30 64 Z" fill={GREEN} />,
        <path key="leaf2" d="M31 70 Q42 64 46 70 Q38 76 31 70 Z" fill={GREEN} />,
        ...petals,
        <circle key="c" cx={30} cy={34} r={5} fill="#b9770e" />,
      ];
    }
    default:
      return [
        stick(26, 48, 58, GREEN, 'stalk', 6),
        <path key="tw" d="M29 30 Q38 26 44 18 M23 56 Q16 52 12 44" stroke={GREEN} stroke-width={1.6} fill="none" />,
        <path key="lf1" d="M40 22 Q50 16 54 20 Q48 26 40 22 Z" fill="#1e8449" />,
        <path key="lf2" d="M42 20 Q44 10 50 8 Q50 16 42 20 Z" fill="#1e8449" />,
        <path key="lf3" d="M14 46 Q4 44 4 38 Q12 38 14 46 Z" fill="#1e8449" />,
        <path key="lf4" d="M16 44 Q12 34 16 30 Q20 38 16 44 Z" fill="#1e8449" />,
      ];
  }
}

// Pictures inside the round medallions of the other bonus tiles, in the face colour.
const SEASON_ART = [
  // Spring: a shoot with two opening leaves.
  'M30 58 V38 M30 46 Q20 46 18 36 Q28 34 30 46 M30 42 Q40 42 42 30 Q32 30 30 42',
  // Summer: the sun.
  'M30 34 A7 7 0 1 0 30.01 34 M30 28 V24 M30 58 V54 M18 41 H14 M46 41 H42 M21.5 32.5 L19 30 M38.5 49.5 L41 52 M38.5 32.5 L41 30 M21.5 49.5 L19 52',
  // Autumn: a falling leaf with its veins.
  'M30 28 Q44 34 40 48 Q34 56 22 54 Q18 40 30 28 Z M22 54 L36 34 M28 46 L22 42 M32 40 L38 42',
  // Winter: a snowflake.
  'M30 27 V55 M18 34 L42 48 M18 48 L42 34 M26 29 L30 33 L34 29 M26 53 L30 49 L34 53 M16.5 39 L21.5 36.5 L19.5 31.5 M43.5 43 L38.5 45.5 L40.5 50.5 M16.5 43 L21.5 45.5 L19.5 50.5 M43.5 39 L38.5 36.5 L40.5 31.5',
];
const ANIMAL_ART = [
  // Cat: a head with pointed ears, eyes and whiskers.
  'M20 50 Q18 36 22 30 L26 36 Q30 34 34 36 L38 30 Q42 36 40 50 Q30 56 20 50 Z M25 43 H27 M33 43 H35 M30 47 V48 M14 46 L24 47 M14 50 L24 49 M46 46 L36 47 M46 50 L36 49',
  // Rat: a round body, a big ear and a long tail.
  'M16 48 Q18 36 30 36 Q40 36 42 44 L46 46 Q42 50 38 50 Q30 54 16 48 Z M30 36 Q28 30 33 30 Q36 32 34 38 M16 48 Q10 44 12 36 Q14 30 20 30 M40 45 H41',
  // Rooster: a comb, a beak, a breast and a tail.
  'M22 54 Q18 42 24 36 Q22 30 28 28 Q34 28 34 34 L40 36 L34 38 Q38 46 32 52 Q28 56 22 54 Z M24 30 Q24 24 28 26 Q30 22 32 27 M22 52 Q14 46 16 34 M22 52 Q12 52 12 42 M29 32 H30',
  // Centipede: a segmented body with legs.
  'M16 54 Q22 44 30 42 Q40 40 44 28 M19 50 L13 47 M19 50 L22 56 M25 45 L20 40 M25 45 L29 50 M32 42 L30 36 M32 42 L37 46 M39 37 L35 32 M39 37 L45 39 M44 28 L41 24 M44 28 L48 25',
];
const FACE_ART = [
  // Emperor: a crown.
  'M18 50 H42 M18 50 L16 34 L23 42 L30 30 L37 42 L44 34 L42 50 Z M30 46 V47',
  // Empress: a tiara with a jewel.
  'M16 50 Q30 44 44 50 M18 48 Q18 36 30 32 Q42 36 42 48 M30 32 V26 M27 29 H33 M30 38 A3 3 0 1 0 30.01 38',
  // General: two crossed swords.
  'M18 28 L42 52 M42 28 L18 52 M14 32 L22 24 M38 24 L46 32 M36 50 L40 46 M20 46 L24 50',
  // Minister: a scroll.
  'M20 30 H40 M20 52 H40 M22 30 V52 M38 30 V52 M18 27 Q16 30 20 33 M42 27 Q44 30 40 33 M18 49 Q16 52 20 55 M42 49 Q44 52 40 55 M26 38 H34 M26 43 H34 M26 48 H31',
];
// Joker: a five-pointed star.
const JOKER_ART = 'M30 27 L34 37 L45 37 L36 44 L39 55 L30 48 L21 55 L24 44 L15 37 L26 37 Z';

function medallion(art: string, color: string): JSX.Element[] {
  return [
    <circle key="m" cx={30} cy={41} r={21} fill={color} />,
    <circle key="m2" cx={30} cy={41} r={18} fill="none" stroke={FACE} stroke-width={1.2} />,
    // The pictures are drawn for a 16 radius; shrunk to stay clear of the ring.
    <path key="art" d={art} transform="translate(30 41) scale(0.8) translate(-30 -41)" fill="none" stroke={FACE} stroke-width={2.6} stroke-linecap="round" stroke-linejoin="round" />,
  ];
}

/** The drawing of a tile face (inside a 60×84 tile). Shapes only: no text, no fonts. */
function face(code: string): JSX.Element[] {
  const [a, b] = [code[0], code[1]];
  if (/[0-9]/.test(a) && 'BCD'.includes(b)) {
    const red = a === '0';
    const n = red ? 5 : Number(a);
    const idx = corner(String(n), red ? RED : INK);
    if (b === 'D') return [...circles(n, red), idx];
    if (b === 'B') return [...bamboos(n, red), idx];
    return [hanzi(NUMERAL_HANZI[n], 13, 7, 34, red ? RED : INK, 9.5, 'num'), hanzi('萬', 13, 42, 34, RED, 7, 'wan'), idx];
  }
  if (b === 'W' && WIND_HANZI[a]) return [hanzi(WIND_HANZI[a], 7, 18, 46, INK, 9), corner(a, BLUE)];
  if (code === 'RD') return [hanzi('中', 7, 18, 46, RED, 10), corner('R', RED)];
  if (code === 'GD') return [hanzi('發', 6, 17, 48, GREEN, 8), corner('G', GREEN)];
  if (code === 'WD')
    return [
      <rect key="f1" x={12} y={18} width={36} height={50} rx={3} fill="none" stroke={BLUE} stroke-width={3.4} />,
      <rect key="f2" x={18} y={24} width={24} height={38} rx={2} fill="none" stroke={BLUE} stroke-width={1.6} />,
      corner('Wh', BLUE),
    ];
  const n = Number(a);
  if (b === 'F') return [...flower(n), corner('F' + n, RED)];
  if (b === 'S') return [...medallion(SEASON_ART[n - 1], ['#2e8b57', '#c0392b', '#d35400', '#2c5aa0'][n - 1]), corner('S' + n, RED)];
  if (b === 'A') return [...medallion(ANIMAL_ART[n - 1], '#8d5524'), corner('A' + n, RED)];
  if (b === 'H') return [...medallion(FACE_ART[n - 1], '#6c3483'), corner('H' + n, RED)];
  if (code === 'JK') return [...medallion(JOKER_ART, '#b7950b'), corner('JK', RED)];
  // An unknown code: a plain question-like mark drawn as shapes.
  return [<circle key="u" cx={30} cy={41} r={12} fill="none" stroke={INK} stroke-width={3} />];
}

export type TileSize = 'xl' | 'lg' | 'md' | 'sm' | 'xs';

export interface TileProps {
  code: string;
  size?: TileSize;
  back?: boolean;
  selected?: boolean;
  hint?: boolean;
  dim?: boolean;
  sideways?: boolean;
  claimed?: boolean;
  onClick?: (e: MouseEvent) => void;
  onDblClick?: (e: MouseEvent) => void;
  draggable?: boolean;
  onDragStart?: (e: DragEvent) => void;
  title?: string;
  extraClass?: string;
  testIndex?: number;
}

/** One tile. Face-down tiles carry `data-tile="back"`. */
export function Tile(p: TileProps): JSX.Element {
  const cls = [
    'tile',
    `tile-${p.size ?? 'md'}`,
    p.back ? 'tile-back' : '',
    p.selected ? 'selected' : '',
    p.hint ? 'hinted' : '',
    p.dim ? 'dim' : '',
    p.sideways ? 'sideways' : '',
    p.claimed ? 'claimed' : '',
    p.onClick ? 'clickable' : '',
    p.extraClass ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const name = p.back ? t('tile.hidden') : tileName(p.code);
  const svg = (
    <svg
      class={cls}
      viewBox="0 0 60 84"
      data-tile={p.back ? 'back' : p.code}
      data-index={p.testIndex}
      role="img"
      aria-label={p.title ?? name}
      onClick={p.onClick}
      onDblClick={p.onDblClick}
    >
      <title>{p.title ?? name}</title>
      <rect x={1} y={4} width={58} height={79} rx={7} fill={p.back ? '#0c4d30' : '#1c7349'} />
      {p.back ? (
        <g>
          <rect x={1} y={1} width={58} height={78} rx={7} fill="url(#tile-back)" stroke="#0c4d30" stroke-width={1} />
          <rect x={7} y={7} width={46} height={66} rx={4} fill="none" stroke="#e9d9a6" stroke-opacity={0.45} stroke-width={1.2} />
        </g>
      ) : (
        <g>
          <rect x={1} y={2.5} width={58} height={78} rx={7} fill="#e5dcc0" />
          <rect x={1} y={0.5} width={58} height={77} rx={7} fill="url(#tile-face)" stroke="#bfb48f" stroke-width={1} />
          {face(p.code)}
        </g>
      )}
    </svg>
  );
  // SVG elements cannot be dragged (draggable is an HTML attribute): a span carries the drag.
  if (!p.draggable) return svg;
  return (
    <span class="tile-drag" draggable onDragStart={p.onDragStart}>
      {svg}
    </span>
  );
}

/** Gradients shared by every tile; rendered once at the root of the page. */
export function TileDefs(): JSX.Element {
  return (
    <svg width="0" height="0" style="position:absolute" aria-hidden="true">
      <defs>
        <linearGradient id="tile-face" x1="0" y1="0" x2="0.35" y2="1">
          <stop offset="0" stop-color="#fffdf5" />
          <stop offset="1" stop-color="#f1ead3" />
        </linearGradient>
        <linearGradient id="tile-back" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="#2f9a64" />
          <stop offset="1" stop-color="#17714a" />
        </linearGradient>
      </defs>
    </svg>
  );
}
