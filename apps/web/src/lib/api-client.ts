import type { z } from 'zod';
import {
  API_VERSION,
  Endpoints,
  href,
  type ApiRoute,
  type Endpoint,
  type BodyOf,
  type ErrorBody,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@rally/contract';
import { takeEarlyRead } from './early-reads';
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

/**
 * What a call of `route` takes: `params` exactly when its path has parameters, `query` when it
 * reads one, `body` (the schema's input) for a JSON route, `form` for a multipart one.
 */
export type CallInput<R extends ApiRoute> = { signal?: AbortSignal } & (R['params'] extends z.ZodType
  ? { params: ParamsOf<R> }
  : { params?: never }) &
  (R['query'] extends z.ZodType ? { query?: QueryOf<R> } : { query?: never }) &
  (R['body'] extends z.ZodType ? { body: BodyOf<R> } : { body?: never }) &
  (R['form'] extends z.ZodType ? { form: FormData } : { form?: never });

/** The input may be left out when nothing in it is required. */
type CallArgs<R extends ApiRoute> =
  Partial<CallInput<R>> extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

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

/**
 * The one typed client (ARCHITECTURE.md): calls a route of the contract's table with its method
 * and path, the bearer token and Accept-version 1.3, and answers with the route's whole envelope.
 * A failure is an `ApiError`; an abort rejects with the caller's own AbortError.
 */
export async function call<R extends ApiRoute>(
  route: R | Endpoint<R>,
  ...[input]: CallArgs<R>
): Promise<ResponseOf<R>> {
  const { params, query, body, form, signal } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, string | number | boolean | null | undefined>;
    body?: unknown;
    form?: FormData;
    signal?: AbortSignal;
  };
  const url = new URL(`/api/${href(route, params)}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));

  const headers = apiHeaders();
  let payload: BodyInit | undefined = form;
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let res: Response;
  try {
    // A read index.html started with the page for a signed-in user (ADR 0035), else our own.
    res =
      (await takeEarlyRead(url, route.method, sessionStore.token())) ??
      (await fetch(url, { method: route.method, headers, body: payload, signal }));
  } catch (err) {
    // An abort is the caller's own doing, not a network failure (checked by the signal, since the
    // DOMException may come from another realm than the page's).
    if (signal?.aborted) throw err;
    throw networkError();
  }
  const json = (await res.json().catch(() => null)) as (ResponseOf<R> & ErrorBody) | null;
  if (res.ok) return json ?? ({ data: undefined } as ResponseOf<R>);
  // A 401 from login is a wrong password, not an ended session.
  throw failure(res.status, json, route.path !== Endpoints.login.path);
}

/** The headers of every API request: JSON, the API version and the stored bearer token. */
export function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-version': API_VERSION };
  const token = sessionStore.token();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * The error of a failed answer, for `call` and for uploads alike (lib/upload.ts): a 401 clears the
 * stored session and signs the user out (spec §4, §8), wherever it came from.
 */
export function failure(status: number, json: Partial<ErrorBody> | null, endsSession = true): ApiError {
  if (status === 401 && endsSession) {
    sessionStore.clear();
    onUnauthorized();
  }
  return new ApiError(status, json?.message ?? `Request failed (${status}).`, json?.errors ?? {}, json?.code);
}

/** What every request says when it never reached the server. */
export const networkError = () => new ApiError(0, 'Network error. Check your connection and try again.');
