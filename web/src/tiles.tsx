// Tile artwork: our own SVG drawings. Every number tile shows its Latin numeral in the corner,
// every honour its Chinese character and a Latin letter, so a tile reads at any size.
import type { JSX } from 'preact';
import { t } from './i18n';

const INK = '#1d2a4d';
const RED = '#c0392b';
const GREEN = '#17794a';
const BLUE = '#1f4e9c';
const FACE = '#fbf7ea';

const NUMERALS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const WIND_CHARS: Record<string, string> = { E: '東', S: '南', W: '西', N: '北' };
const FLOWER_CHARS = ['梅', '蘭', '菊', '竹'];
const SEASON_CHARS = ['春', '夏', '秋', '冬'];
const ANIMAL_CHARS = ['貓', '鼠', '雞', '蜈'];
const FACE_CHARS = ['帝', '后', '將', '相'];
const CJK = "'Noto Serif CJK SC','Noto Serif CJK TC','Source Han Serif','Songti SC','SimSun','Noto Sans CJK SC',serif";

/** Tile kinds in sorting order, for sorting hands and building pickers. */
export const ALL_CODES: string[] = [
  ...'123456789'.split('').map((n) => n + 'C'),
  ...'123456789'.split('').map((n) => n + 'B'),
  ...'123456789'.split('').map((n) => n + 'D'),
  'EW', 'SW', 'WW', 'NW', 'RD', 'GD', 'WD',
  '1F', '2F', '3F', '4F', '1S', '2S', '3S', '4S',
  '1A', '2A', '3A', '4A', '1P', '2P', '3P', '4P', '0B', '0C', '0D', 'JK',
];

/** The classical set's playing tiles and bonus tiles, for the scoring assistant's picker. */
export const PICKER_CODES = ALL_CODES.slice(0, 42);

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

export function isBonusCode(code: string): boolean {
  return /^[1-4][FSAP]$/.test(code);
}

/** A readable name of a tile in the current language ("5 Circles", "East Wind"). */
export function tileName(code: string): string {
  const [a, b] = [code[0], code[1]];
  if ('BCD'.includes(b) && /[0-9]/.test(a)) {
    const suit = t(b === 'B' ? 'tile.bamboo' : b === 'C' ? 'tile.characters' : 'tile.circles');
    return a === '0' ? `5 ${suit} (${t('tile.red')})` : `${a} ${suit}`;
  }
  if (b === 'W' && WIND_CHARS[a]) return t(`wind.${a}`);
  if (code === 'RD') return t('tile.red_dragon');
  if (code === 'GD') return t('tile.green_dragon');
  if (code === 'WD') return t('tile.white_dragon');
  if (b === 'F') return `${t('tile.flower')} ${a}`;
  if (b === 'S') return `${t('tile.season')} ${a}`;
  if (b === 'A') return `${t('tile.animal')} ${a}`;
  if (b === 'P') return `${t('tile.face')} ${a}`;
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

function corner(text: string, color = INK): JSX.Element {
  return (
    <text x={5.5} y={13} font-size={11} font-weight={700} font-family="'DejaVu Sans',Arial,sans-serif" fill={color}>
      {text}
    </text>
  );
}

function big(ch: string, color: string, y = 54, size = 38): JSX.Element {
  return (
    <text x={30} y={y} text-anchor="middle" font-size={size} font-weight={700} font-family={CJK} fill={color}>
      {ch}
    </text>
  );
}

function flower(n: number): JSX.Element[] {
  const colors = ['#d6457a', '#8e44ad', '#e0a10f', '#17794a'];
  const col = colors[n - 1];
  const petals = Array.from({ length: 5 }, (_, i) => {
    const a = (i * 2 * Math.PI) / 5 - Math.PI / 2;
    return <circle key={i} cx={30 + 8 * Math.cos(a)} cy={31 + 8 * Math.sin(a)} r={6.5} fill={col} opacity={0.9} />;
  });
  return [
    <path key="stem" d="M30 38 Q27 50 31 60" stroke={GREEN} stroke-width={2} fill="none" />,
    <path key="leaf" d="M29 48 Q20 44 18 50 Q24 53 29 48 Z" fill={GREEN} />,
    ...petals,
    <circle key="c" cx={30} cy={31} r={3.6} fill="#f4d03f" />,
    big(FLOWER_CHARS[n - 1], INK, 75, 15),
  ];
}

function medallion(ch: string, color: string): JSX.Element[] {
  return [
    <circle key="m" cx={30} cy={41} r={19} fill={color} />,
    <circle key="m2" cx={30} cy={41} r={16} fill="none" stroke={FACE} stroke-width={1.2} />,
    big(ch, FACE, 51, 25),
  ];
}

/** The drawing of a tile face (inside a 60×84 tile). */
function face(code: string): JSX.Element[] {
  const [a, b] = [code[0], code[1]];
  if (/[0-9]/.test(a) && 'BCD'.includes(b)) {
    const red = a === '0';
    const n = red ? 5 : Number(a);
    const idx = corner(String(n), red ? RED : INK);
    if (b === 'D') return [...circles(n, red), idx];
    if (b === 'B') return [...bamboos(n, red), idx];
    return [
      big(NUMERALS[n], red ? RED : INK, 37, 27),
      big('萬', RED, 71, 27),
      idx,
    ];
  }
  if (b === 'W' && WIND_CHARS[a]) return [big(WIND_CHARS[a], INK, 58, 40), corner(a, BLUE)];
  if (code === 'RD') return [big('中', RED, 58, 42), corner('R', RED)];
  if (code === 'GD') return [big('發', GREEN, 58, 40), corner('G', GREEN)];
  if (code === 'WD')
    return [
      <rect key="f1" x={12} y={18} width={36} height={50} rx={3} fill="none" stroke={BLUE} stroke-width={3.4} />,
      <rect key="f2" x={18} y={24} width={24} height={38} rx={2} fill="none" stroke={BLUE} stroke-width={1.6} />,
      corner('Wh', BLUE),
    ];
  const n = Number(a);
  if (b === 'F') return [...flower(n), corner('F' + n, RED)];
  if (b === 'S') return [...medallion(SEASON_CHARS[n - 1], ['#2e8b57', '#c0392b', '#d35400', '#2c5aa0'][n - 1]), corner('S' + n, RED)];
  if (b === 'A') return [...medallion(ANIMAL_CHARS[n - 1], '#8d5524'), corner('A' + n, RED)];
  if (b === 'P') return [...medallion(FACE_CHARS[n - 1], '#6c3483'), corner('P' + n, RED)];
  if (code === 'JK') return [...medallion('百', '#b7950b'), corner('JK', RED)];
  return [big('?', INK)];
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
