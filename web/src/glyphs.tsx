// Our own stroke drawings of the few Chinese characters, digits and letters the tiles, the seat
// discs and the logo show. They are paths, not text, so they look the same on every machine:
// a browser without a CJK font (a fresh Debian, say) would otherwise draw empty boxes.
import type { JSX } from 'preact';

/** Chinese characters, each as one path in a 100×100 box, drawn with a round pen. */
const HANZI: Record<string, string> = {
  '一': 'M12 52 Q50 46 88 50',
  '二': 'M24 30 Q50 26 76 28 M10 74 Q50 68 90 72',
  '三': 'M22 20 Q50 16 78 18 M28 49 Q50 46 72 47 M10 80 Q50 75 90 78',
  '四': 'M14 22 V86 M14 22 H86 V86 M14 82 H86 M40 22 V42 Q40 58 26 66 M60 22 V54 Q60 62 68 62 H84',
  '五': 'M20 16 H80 M48 16 L40 80 M24 46 H70 L68 80 M10 82 H90',
  '六': 'M46 6 L56 20 M10 36 H90 M38 52 Q32 72 16 86 M62 52 Q74 70 86 84',
  '七': 'M10 54 L90 40 M40 10 V72 Q40 86 54 86 H82 Q90 86 90 74',
  '八': 'M42 20 Q40 60 10 86 M58 22 Q62 64 92 84',
  '九': 'M44 8 Q46 64 12 90 M18 38 H66 V74 Q66 86 78 86 H84 Q92 86 92 74',
  // 萬 (ten thousand), the mark of the character suit: grass on top, a boxed field, a hooked frame.
  '萬':
    'M10 15 H90 M32 5 V25 M68 5 V25 M24 32 V56 M24 32 H76 V56 M24 44 H76 M24 56 H76 M50 32 V66 ' +
    'M14 66 V95 M14 66 H86 V88 Q86 96 76 94 M50 66 L38 86 H68 M58 72 L66 80',
  '東': 'M14 20 H86 M28 32 V62 M28 32 H72 V62 M28 47 H72 M28 62 H72 M50 5 V96 M46 66 Q34 84 12 92 M54 66 Q68 84 90 92',
  '南':
    'M12 19 H88 M50 5 V31 M18 33 V96 M18 33 H82 V88 Q82 96 72 95 M38 42 L43 52 M62 42 L57 52 M30 60 H70 M28 75 H72 M50 60 V95',
  '西': 'M10 14 H90 M18 34 V92 M18 34 H82 V92 M18 90 H82 M40 14 V46 Q40 58 28 64 M60 14 V56 Q60 64 70 64 H82',
  '北': 'M36 8 V92 M12 40 H36 M8 82 L36 70 M64 8 V80 Q64 90 76 90 H88 Q94 90 94 78 M64 46 L90 32',
  '中': 'M16 30 H84 V70 H16 Z M50 5 V96',
  // 發 (prosper): the two-footed top, a bow at the left, the weapon hand at the right.
  '發':
    'M12 10 H32 L16 34 M22 22 L34 32 M60 6 L66 14 M56 18 H82 M72 8 Q64 26 54 34 M70 20 Q80 30 92 34 ' +
    'M12 44 H36 V56 H16 V70 H38 V86 Q38 94 28 92 ' +
    'M60 42 V52 Q58 62 50 66 M60 42 H78 V58 Q78 64 86 64 H92 M54 74 H84 Q74 88 50 96 M60 78 Q72 90 92 96',
};

/** Digits and the few capitals the corner marks use, in a box 6 wide and 10 high. */
const LATIN: Record<string, string> = {
  '0': 'M3 0 Q6 0 6 5 Q6 10 3 10 Q0 10 0 5 Q0 0 3 0 Z',
  '1': 'M0.8 2.2 L3.4 0 V10',
  '2': 'M0.4 2.4 Q1 0 3 0 Q5.8 0 5.6 2.8 Q5.4 4.8 0.4 10 H6',
  '3': 'M0.6 1.2 Q1.8 0 3.2 0 Q5.6 0 5.6 2.5 Q5.6 4.8 2.6 4.8 Q6 4.8 6 7.4 Q6 10 3 10 Q1.2 10 0.2 8.6',
  '4': 'M4.6 10 V0 L0 7 H6.2',
  '5': 'M5.6 0 H1 L0.6 4.4 Q1.8 3.6 3 3.6 Q6 3.6 6 6.8 Q6 10 3 10 Q1.2 10 0.2 8.8',
  '6': 'M5.2 0.8 Q4.2 0 3.2 0 Q0 0 0 5.6 Q0 10 3 10 Q6 10 6 6.8 Q6 3.8 3.2 3.8 Q1 3.8 0.2 5.8',
  '7': 'M0 0 H6 L2.2 10',
  '8': 'M3 4.6 Q0.6 4.6 0.6 2.3 Q0.6 0 3 0 Q5.4 0 5.4 2.3 Q5.4 4.6 3 4.6 Q0 4.6 0 7.3 Q0 10 3 10 Q6 10 6 7.3 Q6 4.6 3 4.6 Z',
  '9': 'M0.8 9.2 Q1.8 10 2.8 10 Q6 10 6 4.4 Q6 0 3 0 Q0 0 0 3.2 Q0 6.2 2.8 6.2 Q5 6.2 5.8 4.2',
  A: 'M0 10 L3 0 L6 10 M1 6.8 H5',
  E: 'M5.6 0 H0.4 V10 H5.6 M0.4 5 H4.6',
  F: 'M5.6 0 H0.4 V10 M0.4 5 H4.4',
  G: 'M5.6 1.6 Q4.6 0 3 0 Q0 0 0 5 Q0 10 3 10 Q6 10 6 6 V5.4 H3.4',
  J: 'M5 0 V7 Q5 10 2.6 10 Q0.4 10 0.2 7.6',
  K: 'M0.4 0 V10 M5.8 0 L0.4 6 M2.2 4.2 L5.8 10',
  N: 'M0.4 10 V0 L5.6 10 V0',
  P: 'M0.4 10 V0 H3.4 Q5.8 0 5.8 2.8 Q5.8 5.6 3.4 5.6 H0.4',
  R: 'M0.4 10 V0 H3.4 Q5.8 0 5.8 2.7 Q5.8 5.4 3.4 5.4 H0.4 M3 5.4 L5.8 10',
  S: 'M5.4 1.4 Q4.6 0 3 0 Q0.4 0 0.4 2.6 Q0.4 4.6 3 5 Q5.8 5.4 5.8 7.5 Q5.8 10 3 10 Q1 10 0.2 8.4',
  W: 'M0 0 L1.7 10 L3.5 3.2 L5.3 10 L7 0',
  h: 'M0.4 0 V10 M0.4 6 Q1.6 3.8 3.4 3.8 Q5.6 3.8 5.6 6 V10',
};

const LATIN_WIDTH: Record<string, number> = { W: 7 };

export function hasHanzi(ch: string): boolean {
  return ch in HANZI;
}

/**
 * A Chinese character inside an SVG: its 100×100 box scaled to `size` at (x, y).
 * `weight` is the pen width in box units, so it scales with the character.
 */
export function hanzi(ch: string, x: number, y: number, size: number, color: string, weight = 9, key?: string): JSX.Element {
  return (
    <path
      key={key ?? ch}
      d={HANZI[ch] ?? ''}
      transform={`translate(${x} ${y}) scale(${size / 100})`}
      fill="none"
      stroke={color}
      stroke-width={weight}
      stroke-linecap="round"
      stroke-linejoin="round"
    />
  );
}

/** A short run of digits and capitals inside an SVG, `height` tall, its top left at (x, y). */
export function latin(text: string, x: number, y: number, height: number, color: string, key = 'latin'): JSX.Element {
  const k = height / 10;
  let cx = 0;
  const parts: string[] = [];
  for (const ch of text) {
    const d = LATIN[ch];
    if (d) parts.push(offset(d, cx));
    cx += (LATIN_WIDTH[ch] ?? 6) + 2.2;
  }
  return (
    <path
      key={key}
      d={parts.join(' ')}
      transform={`translate(${x} ${y}) scale(${k})`}
      fill="none"
      stroke={color}
      stroke-width={1.7}
      stroke-linecap="round"
      stroke-linejoin="round"
    />
  );
}

/** Width of `text` drawn by latin() at `height`. */
export function latinWidth(text: string, height: number): number {
  let w = 0;
  for (const ch of text) w += (LATIN_WIDTH[ch] ?? 6) + 2.2;
  return Math.max(0, w - 2.2) * (height / 10);
}

// Shifts the x of every point of a path made of M, L, H, V, Q, Z commands with absolute
// coordinates (all the glyphs above are), so glyphs can be set side by side in one path.
function offset(d: string, dx: number): string {
  if (!dx) return d;
  const tokens = d.match(/[MLHVQZ]|-?[\d.]+/g) ?? [];
  const out: string[] = [];
  let cmd = '';
  let i = 0;
  for (const tok of tokens) {
    if (/[A-Z]/.test(tok)) {
      cmd = tok;
      i = 0;
      out.push(tok);
      continue;
    }
    const n = Number(tok);
    const isX = cmd === 'H' || (cmd !== 'V' && i % 2 === 0);
    out.push(String(isX ? +(n + dx).toFixed(2) : n));
    i++;
  }
  return out.join(' ');
}

/**
 * A Chinese character as an inline SVG for HTML (seat discs, the logo): it takes the text
 * colour and 1em, like the letter it stands in for.
 */
export function Hanzi({ ch, class: cls, weight = 9 }: { ch: string; class?: string; weight?: number }): JSX.Element {
  return (
    <svg class={`glyph ${cls ?? ''}`} viewBox="0 0 100 100" aria-hidden="true" data-glyph={ch}>
      {hanzi(ch, 0, 0, 100, 'currentColor', weight)}
    </svg>
  );
}

/** Digits and capitals as an inline SVG for HTML, 1em high, in the text colour. */
export function Latin({ text, class: cls }: { text: string; class?: string }): JSX.Element {
  const w = latinWidth(text, 10) + 2;
  return (
    <svg class={`glyph ${cls ?? ''}`} viewBox={`-1 -1 ${w} 12`} style={{ width: `${w / 12}em` }} aria-hidden="true">
      {latin(text, 0, 0, 10, 'currentColor')}
    </svg>
  );
}

/** The inside of a seat disc: the wind's character with its letter tucked in the corner. */
export function WindMark({ wind }: { wind: string }): JSX.Element {
  return (
    <>
      <span class="wind-char">
        <Hanzi ch={WIND_HANZI[wind] ?? ''} weight={10} />
      </span>
      <span class="wind-letter">
        <Latin text={wind} />
      </span>
    </>
  );
}

/** An eye, for the spectator's link (an emoji would need an emoji font). */
export function EyeIcon(): JSX.Element {
  return (
    <svg class="glyph" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M2 12 Q12 2 22 12 Q12 22 2 12 Z" fill="none" stroke="currentColor" stroke-width={2} stroke-linejoin="round" />
      <circle cx={12} cy={12} r={3.5} fill="currentColor" />
    </svg>
  );
}

export const WIND_HANZI: Record<string, string> = { E: '東', S: '南', W: '西', N: '北' };
export const NUMERAL_HANZI = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
