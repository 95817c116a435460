import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './app-server.js';

/**
 * The origin the browser tests' fake Teams host is served from (Playwright answers its requests;
 * nothing goes out). Teams for personal accounts: an origin the SDK accepts messages from (its
 * list of Microsoft hosts) that is not in Rally's default frame-ancestors, so only the server's
 * FRAME_ANCESTORS setting lets it frame Rally.
 */
export const TEAMS_TEST_HOST = 'https://teams.live.com';

/**
 * The server's FRAME_ANCESTORS for the browser tests: its default list (the Teams and Microsoft
 * 365 hosts, read from the built server so it stays the server's own) plus the test host.
 */
export async function frameAncestorsWithTestHost(): Promise<string> {
  const config = (await import(pathToFileURL(path.join(repoRoot, 'apps/server/dist/config.js')).href)) as {
    DEFAULT_FRAME_ANCESTORS?: readonly string[];
  };
  if (!config.DEFAULT_FRAME_ANCESTORS) throw new Error('apps/server/dist/config.js has no DEFAULT_FRAME_ANCESTORS');
  return [...config.DEFAULT_FRAME_ANCESTORS, TEAMS_TEST_HOST].join(' ');
}
