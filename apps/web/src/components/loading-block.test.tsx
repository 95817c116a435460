import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingBlock } from './loading-block';

describe('LoadingBlock', () => {
  it('is a progressbar named for what loads', () => {
    render(<LoadingBlock label="Loading check-in stats" height={160} />);
    expect(screen.getByRole('progressbar', { name: 'Loading check-in stats' })).toBeInTheDocument();
  });
});
