import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { INITIALS_BACKGROUNDS, UserAvatar, initialsBackground, initialsFontSize, initialsOf } from './user-avatar';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

describe('UserAvatar', () => {
  it('every initials background keeps white text readable (WCAG AA, 4.5:1)', () => {
    for (const colour of INITIALS_BACKGROUNDS) {
      const contrast = (1 + 0.05) / (luminance(colour) + 0.05);
      expect(contrast, colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('shows up to three initials, on the same colour for the same name', () => {
    render(<UserAvatar name="Ada Byron Lovelace King" />);
    expect(screen.getByText('ABL')).toBeInTheDocument();
    expect(initialsOf('  priya   nair ')).toBe('PN');
    expect(initialsBackground('Priya Nair')).toBe(initialsBackground('Priya Nair'));
    expect(INITIALS_BACKGROUNDS).toContain(initialsBackground('Priya Nair'));
  });

  it('sizes the initials to the circle: three letters smaller than two, all inside the avatar', () => {
    for (const size of [28, 32, 40, 44, 100]) {
      const three = initialsFontSize('ABW', size);
      expect(three).toBeLessThan(initialsFontSize('AB', size));
      // A capital is about 0.7 em wide on average: three of them keep inside the circle's middle 80%.
      expect(3 * 0.7 * three).toBeLessThanOrEqual(size * 0.8);
    }
    render(<UserAvatar name="Ada Byron Lovelace" sx={{ width: 32, height: 32 }} />);
    expect(getComputedStyle(screen.getByText('ABL')).fontSize).toBe('11px');
  });
});
