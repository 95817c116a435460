import { describe, expect, it } from 'vitest';
import { AA_NORMAL_TEXT, contrastRatio, gradientSamples, relativeLuminance, worstContrast } from './contrast.js';
import { COLORS, textColorOn } from './lookups.js';

describe('WCAG contrast', () => {
  it('measures the known ratios: black on white 21:1, a colour on itself 1:1, #777 on white 4.48:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1d4ed8', '#1d4ed8')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#000')).toBe(0);
  });

  it('checks the points between stops: red to green is darker midway than at either end', () => {
    const samples = gradientSamples(['#ff0000', '#00ff00']);
    expect(samples[0]).toBe('#ff0000');
    expect(samples.at(-1)).toBe('#00ff00');
    expect(worstContrast('#000000', ['#ff0000', '#00ff00'])).toBeLessThan(contrastRatio('#000000', '#ff0000'));
  });

  it('refuses what is not a hex colour, saying which', () => {
    expect(() => contrastRatio('red', '#fff')).toThrow("not a #rgb or #rrggbb colour: 'red'");
  });
});

describe('text on the post colours', () => {
  it.each(COLORS.map((c) => [c.name, c] as const))(
    '%s: the chosen text colour keeps AA (4.5:1) at every point of the gradient',
    (_name, color) => {
      expect(worstContrast(textColorOn(color), color.color_gradient)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    },
  );

  it('is chosen by measure, not by name: black on a light colour not named white, white on a dark one', () => {
    expect(textColorOn({ color_gradient: ['#fde047', '#facc15'] })).toBe('#000000');
    expect(textColorOn({ color_gradient: ['#ffffff', '#f3f4f6'] })).toBe('#000000');
    expect(textColorOn({ color_gradient: ['#111827', '#374151'] })).toBe('#ffffff');
  });

  it('is black without a gradient (the post sits on light grey)', () => {
    expect(textColorOn(null)).toBe('#000000');
    expect(textColorOn({ color_gradient: [] })).toBe('#000000');
  });
});
