import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DeferredTooltip } from './deferred-tooltip';

describe('DeferredTooltip', () => {
  it('adds the tooltip once loaded, and a control focused at that moment keeps the focus', async () => {
    render(
      <DeferredTooltip title="To-do Lists">
        <button type="button">Lists</button>
      </DeferredTooltip>,
    );
    const before = screen.getByRole('button', { name: 'Lists' });
    before.focus();
    // whenIdle: a second after the load event, then the next idle moment; then the chunk loads.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    const after = screen.getByRole('button');
    expect(after).toHaveAttribute('aria-label', 'To-do Lists');
    expect(after).toHaveFocus();

    await userEvent.hover(after);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('To-do Lists');
  });
});
