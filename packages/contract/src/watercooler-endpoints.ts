import type { EndpointTableOf } from './endpoints.js';
import type { ApiRoute } from './route.js';

/**
 * The watercooler's HTTP calls (spec §7; issue 23), apart from `endpointPaths`: only its lazily
 * loaded screen needs them. The room itself is a WebSocket (`WATERCOOLER_PATH`, watercooler.ts).
 */
export const watercoolerEndpointPaths = {
  watercoolerAccess: { method: 'POST', path: 'user/team/:id/watercooler/access', auth: true },
  watercoolerMessages: { method: 'GET', path: 'user/team/:id/watercooler/messages', auth: true },
} as const satisfies Record<string, Pick<ApiRoute, 'method' | 'path' | 'auth'>>;

export type WatercoolerRouteName = keyof typeof watercoolerEndpointPaths;

/** The watercooler's calls, as `Endpoints` (imported by the watercooler screen). */
export const WatercoolerEndpoints: EndpointTableOf<WatercoolerRouteName> = watercoolerEndpointPaths;
