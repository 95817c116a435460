import { API_VERSION, ApiPaths, type Envelope, type ErrorBody } from '@rally/contract';
import { sessionStore } from './session-storage';

/** An error answer from the API, with the server's message and per-field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
    readonly code?: string,
  ) {
    super(message);
  }

  /** First message of a field, else the top-level message. */
  firstFor(field: string): string {
    return this.errors[field]?.[0] ?? this.message;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined | null>;
  signal?: AbortSignal;
}

/**
 * What a 401 does once the stored session is cleared (spec §4, §8): reload, which lands on sign-in.
 * The clearing itself always happens, whatever handler is set.
 */
let onUnauthorized = () => {
  window.location.reload();
};
export const setUnauthorizedHandler = (fn: () => void) => {
  onUnauthorized = fn;
};

/** The one typed client: bearer token, Accept-version 1.3, the envelope unwrapped to its body. */
export async function api<T>(
  path: string,
  { method = 'GET', body, query, signal }: RequestOptions = {},
): Promise<Envelope<T>> {
  const relative = path.replace(/^\//, '');
  const url = new URL(`/api/${relative}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));

  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-version': API_VERSION };
  const token = sessionStore.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let res: Response;
  try {
    res = await fetch(url, { method, headers, body: payload, signal });
  } catch (err) {
    // An abort is the caller's own doing, not a network failure (checked by the signal, since the
    // DOMException may come from another realm than the page's).
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'Network error. Check your connection and try again.');
  }
  const json = (await res.json().catch(() => null)) as (Envelope<T> & ErrorBody) | null;
  if (res.ok) return json ?? ({ data: undefined } as Envelope<T>);

  // A 401 from login is a wrong password, not an ended session.
  if (res.status === 401 && relative !== ApiPaths.login) {
    sessionStore.clear();
    onUnauthorized();
  }
  throw new ApiError(res.status, json?.message ?? `Request failed (${res.status}).`, json?.errors ?? {}, json?.code);
}
