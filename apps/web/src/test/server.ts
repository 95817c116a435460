import { http, HttpResponse, ws, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import {
  PLANS,
  Routes,
  href,
  type ApiRoute,
  type AuthUserDto,
  type ParamsOf,
  type SubscriptionDto,
  type UserDto,
} from '@rally/contract';

/**
 * A route of the contract's table as MSW matches it: any origin, under /api/, with the given
 * parameters (`apiUrl(Routes.teamMembers, { id: 5 })`).
 */
export const apiUrl = <R extends ApiRoute>(route: R, ...[params]: ParamsOf<R> extends undefined ? [] : [ParamsOf<R>]) =>
  `*/api/${href(route, params as Record<string, number> | undefined)}`;

export const testUser: UserDto = {
  id: 7,
  first_name: 'Ada',
  last_name: 'Lovelace',
  full_name: 'Ada Lovelace',
  email: 'ada@example.test',
  avatar: null,
  email_verified_at: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
};

export const authUser = (token = 'token-123', user: UserDto = testUser): AuthUserDto => ({ ...user, token });

/** The nested profile of GET user/profile before any edit (default hours). */
export const emptyProfile = {
  phone: null,
  location: null,
  geo_location: null,
  timezone: null,
  about_me: null,
  about_skills: null,
  cover: null,
  mood_id: null,
  working_hours_start: '08:00',
  working_hours_end: '17:00',
  personal_hours_start: '08:00',
  personal_hours_end: '17:00',
  secondary_image_1: null,
  secondary_image_2: null,
};

/** The API's error envelope (`message`, optional per-field `errors`). */
export const apiError = (status: number, message: string, errors?: Record<string, string[]>) =>
  HttpResponse.json(
    { message, code: status === 422 ? 'validation_failed' : 'error', ...(errors ? { errors } : {}) },
    {
      status,
    },
  );

export const apiOk = (data: JsonBodyType, message?: string) =>
  HttpResponse.json(message ? { data, message } : { data });

/** An active Coach plan: no app-load subscription dialog (spec §4) gets in a test's way. */
export const activeSubscription: SubscriptionDto = {
  name: 'Premium',
  title: 'Coach',
  stripe_status: 'active',
  next_invoice_at: null,
  trial_ends_at: null,
  trail_will_end_tomorrow: false,
  action_performed_by: null,
  subscription_service: null,
  has_payment_method: true,
  is_active: true,
};

/** Check-In Stats of a team nobody has answered in. */
export const emptyCheckinMetrics = {
  engaged_users_count: 0,
  total_activities: 0,
  initiated_count: 0,
  entertained_count: 0,
  metrics_meter: {
    meter: null,
    moods: [],
    hidden: true,
    hidden_reason: 'No check-in answers in this period.',
    trend: null,
  },
  users: [],
};

/** Engagement Video Stats or Slideshow Stats of a team that asked nothing. */
export const emptyPromptMetrics = { total: 0, responses_count: 0, response_rate: 0, data: [] };

/** Calls a signed-in app makes on load and every screen may make; tests override what they are about. */
/** The realtime gateway: answers `auth` with `ready` and sends nothing else (tests that need events use serveRealtime). */
const quietGateway = ws.link('*/api/realtime').addEventListener('connection', ({ client }) => {
  client.addEventListener('message', (event) => {
    if (typeof event.data === 'string' && (JSON.parse(event.data) as { type?: string }).type === 'auth')
      client.send(JSON.stringify({ type: 'ready', team_ids: [] }));
  });
});

export const defaultHandlers = [
  quietGateway,
  http.get(apiUrl(Routes.profile), () => apiOk({ ...testUser, profile: emptyProfile })),
  http.post(apiUrl(Routes.logout), () => apiOk(null)),
  http.get(apiUrl(Routes.userSubscription), () => apiOk(activeSubscription)),
  http.get(apiUrl(Routes.subscriptionPackages), () => apiOk(PLANS as unknown as JsonBodyType)),
  http.get(apiUrl(Routes.teams), () => apiOk([])),
  http.get(apiUrl(Routes.deletedTeams), () => apiOk([])),
  http.get(apiUrl(Routes.recentNotificationsCount), () => apiOk({ notifications_count: 0 })),
  // Every team workspace shows the Inspiration card: no topic today, none scheduled.
  http.get('*/api/user/team/:id/topic-of-day', () => apiOk(null)),
  http.get('*/api/user/team/:id/topics/scheduled', () => apiOk([])),
  http.get(apiUrl(Routes.moods), () => apiOk([])),
  http.get(apiUrl(Routes.pendingInvitations), () =>
    HttpResponse.json({ data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } }),
  ),
  // A lead's team sidebar shows Check-In Stats; the create panel reads when the last check-in was.
  http.get('*/api/user/team/:id/checkin', () => apiOk({ last_checkin_time: null, next_checkin_available: null })),
  http.get('*/api/user/team/:id/checkin/metrics', () => apiOk(emptyCheckinMetrics)),
  // …and Engagement Video Stats and Slideshow Stats (issue 22).
  http.get('*/api/user/team/:id/videos/metrics', () => apiOk(emptyPromptMetrics)),
  http.get('*/api/user/team/:id/slideshows/metrics', () => apiOk(emptyPromptMetrics)),
];

/** One fake API for the whole web suite; unhandled calls fail the test (see setup.ts). */
export const server = setupServer(...defaultHandlers);

export interface RecordedCall {
  method: string;
  /** Path and search, e.g. /api/login. */
  path: string;
  headers: Headers;
}

/** Every request that reaches the fake API from now until the end of the test, in order. */
export function recordCalls(): RecordedCall[] {
  const calls: RecordedCall[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    calls.push({ method: request.method, path: url.pathname + url.search, headers: request.headers });
  });
  return calls;
}
