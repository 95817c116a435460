import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markPushRegistered } from '../../../lib/push-subscription';
import { renderWithProviders } from '../../../test/team-fixtures';
import { PushToggle } from './push-toggle';

/** A browser with the Push API whose notification permission was granted before (a shared computer). */
beforeEach(() => {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'granted', requestPermission: vi.fn() });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('PushToggle', () => {
  it('offers push to a new session even where the permission was granted before (its subscription ended)', async () => {
    renderWithProviders(<PushToggle />);
    expect(await screen.findByRole('button', { name: 'Turn on push notifications' })).toBeInTheDocument();
  });

  it('shows nothing once this session registered the browser', () => {
    markPushRegistered();
    renderWithProviders(<PushToggle />);
    expect(screen.queryByRole('button', { name: 'Turn on push notifications' })).not.toBeInTheDocument();
  });
});
