import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FakeSdkModule from '../test/fake-teams-sdk';

const sdkLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('@microsoft/teams-js', () => {
  sdkLoads.count++;
  return import('../test/fake-teams-sdk');
});

type FakeSdk = typeof FakeSdkModule;
/** The SDK as the app gets it (the fake host), loaded now. */
const sdk = () => import('@microsoft/teams-js') as unknown as Promise<FakeSdk>;

// Detection runs once per app: each test starts a fresh store.
beforeEach(() => {
  vi.resetModules();
  sdkLoads.count = 0;
});
afterEach(() => {
  Object.defineProperty(window, 'parent', { value: window, configurable: true });
  vi.useRealTimers();
});

describe('Teams host detection', () => {
  it('outside a frame answers at once, without loading the SDK', async () => {
    const { detectTeamsHost, teamsHost } = await import('./teams-host');
    expect(teamsHost()).toMatchObject({ settled: true, inHost: false });
    await expect(detectTeamsHost()).resolves.toMatchObject({ settled: true, inHost: false, theme: 'default' });
    expect(sdkLoads.count).toBe(0);
  });

  it('in a frame without a host: the normal app once the timeout passes', async () => {
    const fake = await sdk();
    fake.host.answers = false;
    fake.framePage();
    const { detectTeamsHost, teamsHost } = await import('./teams-host');
    expect(teamsHost().settled).toBe(false);
    vi.useFakeTimers();
    const found = detectTeamsHost(2000);
    await vi.advanceTimersByTimeAsync(1999);
    expect(teamsHost().settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(found).resolves.toMatchObject({ settled: true, inHost: false, frameContext: null });
    expect(teamsHost()).toMatchObject({ settled: true, inHost: false });
  });

  it('in a Teams frame: in the host, with its frame context, client and theme, following theme changes', async () => {
    const fake = await sdk();
    Object.assign(fake.host, { answers: true, frameContext: 'settings', theme: 'dark', clientType: 'desktop' });
    fake.framePage();
    const { detectTeamsHost, teamsHost } = await import('./teams-host');
    await expect(detectTeamsHost()).resolves.toEqual({
      settled: true,
      inHost: true,
      frameContext: 'settings',
      clientType: 'desktop',
      theme: 'dark',
    });
    expect(fake.app.notifySuccess).toHaveBeenCalled();
    fake.changeHostTheme('contrast');
    expect(teamsHost().theme).toBe('contrast');
    fake.changeHostTheme('something new');
    expect(teamsHost().theme).toBe('default');
  });

  it('asks the host once', async () => {
    const fake = await sdk();
    fake.host.answers = true;
    fake.app.initialize.mockClear();
    fake.framePage();
    const { detectTeamsHost } = await import('./teams-host');
    await Promise.all([detectTeamsHost(), detectTeamsHost()]);
    await detectTeamsHost();
    expect(fake.app.initialize).toHaveBeenCalledTimes(1);
  });
});
