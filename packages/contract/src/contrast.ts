/**
 * WCAG 2.2 contrast (success criterion 1.4.3), measured: the relative luminance of sRGB colours
 * and the ratio between two of them, for choosing the text colour on a post's gradient.
 */

/** AA for normal text; large text (24 px, or 18.66 px bold) needs only 3:1. */
export const AA_NORMAL_TEXT = 4.5;

/** The 0–1 channels of '#rgb' or '#rrggbb'; a clear error for anything else. */
function channels(hex: string): [number, number, number] {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`not a #rgb or #rrggbb colour: '${hex}'`);
  const digits = m[1]!.length === 3 ? [...m[1]!].map((d) => d + d) : m[1]!.match(/../g)!;
  return digits.map((d) => parseInt(d, 16) / 255) as [number, number, number];
}

/** WCAG relative luminance of an sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Points checked between two neighbouring stops of a gradient (besides the stops). */
const STEPS = 16;

const hex2 = (c: number) =>
  Math.round(c * 255)
    .toString(16)
    .padStart(2, '0');

/**
 * The stops of a gradient and points between them, interpolated in sRGB as CSS does for hex
 * colours: a stop is not always the darkest or lightest point (red to green is darker midway).
 */
export function gradientSamples(stops: readonly string[]): string[] {
  const samples = stops.slice(0, 1).map((s) => s.trim());
  for (let i = 1; i < stops.length; i++) {
    const [a, b] = [channels(stops[i - 1]!), channels(stops[i]!)];
    for (let k = 1; k <= STEPS; k++) {
      const t = k / STEPS;
      samples.push(`#${a.map((c, j) => hex2(c + (b[j]! - c) * t)).join('')}`);
    }
  }
  return samples;
}

/** The lowest contrast of `text` anywhere on a gradient (its stops and the points between them). */
export const worstContrast = (text: string, stops: readonly string[]): number =>
  Math.min(...gradientSamples(stops).map((point) => contrastRatio(text, point)));

/** Black or white, whichever contrasts more at the gradient's worst stop. */
export function readableTextOn(stops: readonly string[]): '#000000' | '#ffffff' {
  return worstContrast('#000000', stops) >= worstContrast('#ffffff', stops) ? '#000000' : '#ffffff';
}
