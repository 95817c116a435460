import type { ApiRoute } from '@rally/contract';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Hook } from './rate-limits.js';

/** The API scope: a Fastify instance whose request and reply types come from the zod schemas. */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

type StatusOf<R extends ApiRoute> = R['status'] extends number ? R['status'] : 200;

/** A route's schemas in Fastify's terms; the type provider reads request and reply types from them. */
export interface RouteSchema<R extends ApiRoute> {
  params: R['params'];
  querystring: R['query'];
  body: R['body'];
  response: Record<StatusOf<R>, R['response']>;
}

export interface RouteExtras {
  /** Run after the body is read and before it is validated (per-account rate limits). */
  preValidation?: Hook[];
  /** Run after validation, before the handler (per-user limits of one kind of write). */
  preHandler?: Hook[];
  config?: RouteShorthandOptions['config'];
}

/**
 * The options of one route of the contract's table: method, URL and schemas, so Fastify
 * validates the input and serialises the output from the same schemas the web client uses.
 * A route that needs a user checks the bearer token before anything else looks at the body;
 * its writes count against the user's write limit once their input is valid.
 *
 *   api.route({ ...routeOf(api, Routes.teamMembers), handler: async (request) => ok(...) });
 */
export function routeOf<R extends ApiRoute>(app: Api, route: R, extras: RouteExtras = {}) {
  const status = route.status ?? 200;
  const schema: Record<string, unknown> = { response: { [status]: route.response } };
  if (route.params) schema.params = route.params;
  if (route.query) schema.querystring = route.query;
  if (route.body) schema.body = route.body;
  const setStatus: Hook[] = status === 200 ? [] : [async (_request, reply) => void reply.code(status)];
  const writes = route.auth && route.method !== 'GET' ? [app.userWrites] : [];
  return {
    method: route.method,
    url: `/${route.path}`,
    schema: schema as unknown as RouteSchema<R>,
    preValidation: [...(route.auth ? [app.requireUser] : []), ...(extras.preValidation ?? [])],
    preHandler: [...writes, ...(extras.preHandler ?? []), ...setStatus],
    ...(extras.config ? { config: extras.config } : {}),
  };
}
