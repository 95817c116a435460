import { act, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, vi } from 'vitest';

/**
 * Replaces the value of the field labelled `label`, as a user pasting it would (one input event,
 * which keeps the suite fast); an empty value only clears it.
 */
export async function fill(user: UserEvent, label: string, value: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  if (value) await user.paste(value);
}

/** Fills several labelled fields in order. */
export async function fillAll(user: UserEvent, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await fill(user, label, value);
}

/** The field shows `message` as its error: marked invalid and described by it. */
export function expectFieldError(label: string, message: string) {
  const input = screen.getByLabelText(label);
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription(message);
}

export function expectNoFieldError(label: string) {
  const input = screen.getByLabelText(label);
  expect(input).toHaveAttribute('aria-invalid', 'false');
}

/** Moves fake timers on (inside act, so React renders what they did). Needs vi.useFakeTimers(). */
export async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * An auth-screen message that lasts 4 s (spec §8): still there shortly before, gone after.
 * Needs vi.useFakeTimers({ shouldAdvanceTime: true }) from before the message appeared.
 */
export async function expectGoneAfterFourSeconds(text: string) {
  expect(screen.getByRole('alert')).toHaveTextContent(text);
  // 3 s, not 3.9: with shouldAdvanceTime the fake clock also moves with real time, so leave room for a slow machine.
  await advance(3_000);
  expect(screen.getByRole('alert')).toHaveTextContent(text);
  await advance(1_100);
  expect(screen.queryByText(text)).not.toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
}

/**
 * A `matchMedia` for a window `width` px wide: its min-width and max-width queries answer for it
 * (`vi.stubGlobal('matchMedia', windowOfWidth(1366))`; jsdom alone matches none, a phone).
 */
export function windowOfWidth(width: number) {
  return (query: string) => {
    const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
    const matches =
      conditions.length > 0 &&
      conditions.every(([, kind, px]) => (kind === 'min' ? width >= Number(px) : width <= Number(px)));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  };
}
