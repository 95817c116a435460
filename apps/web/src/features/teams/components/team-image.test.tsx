import { AA_NORMAL_TEXT, worstContrast } from '@rally/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEAM_GRADIENTS, TeamImage } from './team-image';

const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

describe('a team cover without a picture', () => {
  it.each(TEAM_GRADIENTS.map((stops) => [stops.join(' → '), stops] as const))(
    'keeps the white initials at AA on %s',
    (_name, stops) => {
      expect(worstContrast('#ffffff', stops)).toBeGreaterThanOrEqual(AA_NORMAL_TEXT);
    },
  );

  it('draws the initials in white on the gradient picked by the team id', () => {
    const { container } = render(<TeamImage id={9} name="Product Squad" avatar={null} />);
    expect(screen.getByText('PS')).toBeInTheDocument();
    const cover = container.firstElementChild as HTMLElement;
    const [from, to] = TEAM_GRADIENTS[9 % TEAM_GRADIENTS.length]!;
    expect(getComputedStyle(cover).backgroundImage).toBe(`linear-gradient(135deg, ${rgb(from)}, ${rgb(to)})`);
    expect(getComputedStyle(cover).color).toBe('rgb(255, 255, 255)');
  });
});
