import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of spec §7: its method, its path relative to /api/ (`:name` marks a parameter) and
 * the schemas of everything that crosses the wire. The server registers its routes from these;
 * the web client calls them; nothing is typed twice.
 */
export interface ApiRoute {
  method: HttpMethod;
  path: string;
  /** Needs a signed-in user (a bearer token). */
  auth: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart form instead of JSON: its text fields (files are read by the handler). */
  form?: z.ZodType;
  /** Success status; 200 unless stated. */
  status?: 200 | 201;
  /** The whole success envelope. */
  response: z.ZodType;
}

/** Keeps each route's literal types, so params, bodies and responses stay typed at both ends. */
export const defineRoute = <const R extends ApiRoute>(route: R): R => route;

/** Path parameters of a route, as the caller gives them. */
export type ParamsOf<R extends ApiRoute> = R['params'] extends z.ZodType ? z.output<R['params']> : undefined;
/** Query of a route, as the caller gives it. */
export type QueryOf<R extends ApiRoute> = R['query'] extends z.ZodType ? Partial<z.output<R['query']>> : undefined;
/** JSON body of a route, as the caller gives it (before the schema trims and normalises). */
export type BodyOf<R extends ApiRoute> = R['body'] extends z.ZodType ? z.input<R['body']> : undefined;
/** The success envelope a route answers with. */
export type ResponseOf<R extends ApiRoute> = z.output<R['response']>;

const PARAM = /:([A-Za-z_]\w*)/g;

/**
 * The concrete path of a route (relative to /api/): `href(Routes.teamMembers, { id: 7 })` is
 * `user/team/7/members`. A missing parameter is a programming error, so it throws.
 */
export function href(route: Pick<ApiRoute, 'path'>, params?: Record<string, string | number>): string {
  return route.path.replace(PARAM, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`href: ${route.path} needs :${name}`);
    return encodeURIComponent(String(value));
  });
}
