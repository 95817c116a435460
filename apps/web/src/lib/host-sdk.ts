import { detectTeamsHost } from './teams-host';
import type * as TeamsSdk from './teams-sdk';

/**
 * The SDK, initialized with the host, for the host's own APIs (pages.config, media); fails
 * outside a host. Apart from teams-host.ts, which every page loads: only the screens that use the
 * host's APIs need it.
 */
export async function hostSdk(): Promise<typeof TeamsSdk> {
  const host = await detectTeamsHost();
  if (!host.inHost) throw new Error('Not in Teams');
  return import('./teams-sdk');
}
