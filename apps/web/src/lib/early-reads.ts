import { EARLY_READS_KEY } from '@rally/contract';

/** What index.html's signed-in boot script leaves (SIGNED_IN_BOOT_SCRIPT, ADR 0035). */
export interface EarlyReads {
  /** The stored token the reads were made with. */
  token: string;
  /** Path and query (`/api/…`) → the answer's promise, until the client takes it. */
  reads: Record<string, Promise<Response> | undefined>;
}

type WithEarlyReads = { [EARLY_READS_KEY]?: EarlyReads };

/**
 * The answer of a GET that index.html's boot script already started for this URL and `token`,
 * taken once: the client's first call of that URL waits for it instead of asking again (the data
 * was on its way while the app's code downloaded). Undefined when there is none, and the promise
 * answers undefined when the read failed or its answer was not a success (a 401, a 500): the
 * client then asks itself, and handles that answer as it handles any.
 */
export function takeEarlyRead(
  url: URL,
  method: string,
  token: string | null,
): Promise<Response | undefined> | undefined {
  const early = (window as WithEarlyReads)[EARLY_READS_KEY];
  const key = url.pathname + url.search;
  const read = early?.reads[key];
  if (!read || method !== 'GET' || early.token !== token || url.origin !== window.location.origin) return undefined;
  early.reads[key] = undefined;
  return read.then(
    (res) => (res.ok ? res : undefined),
    () => undefined,
  );
}

/**
 * The app's first screens take their reads within a second or two of starting, even on a slow
 * phone. A read still untaken after this long is old news (the team renamed since): dropped, so a
 * later screen asking the same URL asks the server.
 */
export const EARLY_READS_FRESH_MS = 10_000;

/** Drops the reads the app did not take, `EARLY_READS_FRESH_MS` after it starts (main.tsx). */
export function dropEarlyReadsLater(): void {
  setTimeout(() => {
    delete (window as WithEarlyReads)[EARLY_READS_KEY];
  }, EARLY_READS_FRESH_MS);
}
