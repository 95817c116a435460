import { HttpResponse, http, ws } from 'msw';
import {
  MOODS,
  MOOD_IMAGE_PREFIX,
  MoodGroup,
  noEngagement,
  PostType,
  Routes,
  type MoodDto,
  type PostDto,
  type ReactionDto,
} from '@rally/contract';
import { apiOk, apiUrl, server, testUser } from './server';

/** The buzz reactions as GET buzzes answers them (ids 7–11). */
export const BUZZES: MoodDto[] = MOODS.filter((m) => m.mood_group_id === MoodGroup.Buzz).map((m) => ({
  id: m.id,
  mood_group_id: m.mood_group_id,
  name: m.name,
  media: `${MOOD_IMAGE_PREFIX}${m.file}`,
}));

/** A post of the given type (text by default), written by someone else in team 5, with no reactions. */
export function buildPost(overrides: Partial<PostDto> = {}): PostDto {
  const id = overrides.id ?? 1;
  const typeId = overrides.type_id ?? PostType.text;
  return {
    id,
    type: Object.entries(PostType).find(([, v]) => v === typeId)?.[0] ?? 'unknown',
    type_id: typeId,
    team_id: 5,
    team: { id: 5, name: 'Rowing' },
    user: { id: 40, full_name: 'Bea Author', avatar: null },
    created_at: new Date(Date.now() - 3 * 3600_000).toISOString(),
    is_forwarded: false,
    original_post: null,
    data: { text: `Post ${id} words`, content: `Post ${id} words` },
    ...noEngagement(),
    ...overrides,
  };
}

export function buildReaction(n: number, buzzTypeId = 7): ReactionDto {
  return {
    id: n,
    buzz_type_id: buzzTypeId,
    user: { id: 100 + n, full_name: `Fan ${n}`, avatar: null, responded_at: '2026-03-05T10:00:00.000Z' },
  };
}

/** The signed-in test user as a post's author or reactor. */
export const me = { id: testUser.id, full_name: testUser.full_name, avatar: testUser.avatar };

const page = <T>(items: T[], current: number, lastPage: number, total: number, perPage = 10) =>
  HttpResponse.json({ data: items, meta: { current_page: current, last_page: lastPage, per_page: perPage, total } });

/**
 * The fake API serves team `teamId`'s timeline from `posts` (10 a page, filtered by type_id as the
 * server does) and the buzz list; answers every request it saw in `seen`.
 */
export function serveTimeline(posts: PostDto[], { teamId = 5, perPage = 10 } = {}) {
  const seen: URL[] = [];
  server.use(
    http.get(apiUrl(Routes.buzzes), () => apiOk(BUZZES)),
    http.get(apiUrl(Routes.timeline, { id: teamId }), ({ request }) => {
      const url = new URL(request.url);
      seen.push(url);
      const pageNo = Number(url.searchParams.get('page') ?? 1);
      const typeId = url.searchParams.get('type_id');
      const list = typeId ? posts.filter((p) => p.type_id === Number(typeId)) : posts;
      const lastPage = Math.max(1, Math.ceil(list.length / perPage));
      return page(list.slice((pageNo - 1) * perPage, pageNo * perPage), pageNo, lastPage, list.length, perPage);
    }),
  );
  return seen;
}

/** The fake API serves the dashboard from `posts`, one page. */
export function serveDashboard(posts: PostDto[]) {
  server.use(
    http.get(apiUrl(Routes.buzzes), () => apiOk(BUZZES)),
    http.get(apiUrl(Routes.dashboard), () => page(posts, 1, 1, posts.length)),
  );
}

/**
 * The realtime gateway as the fake API plays it: it accepts the socket and answers `ready`, and
 * `send(event)` pushes a team event to every connected client; `drop()` closes every socket as a
 * restarting server would (1012), and `readies()` counts the `ready`s sent (first and reconnects).
 */
export function serveRealtime() {
  const gateway = ws.link('*/api/realtime');
  const clients = new Set<{ send: (data: string) => void; close: (code?: number, reason?: string) => void }>();
  let readies = 0;
  server.use(
    gateway.addEventListener('connection', ({ client }) => {
      clients.add(client);
      client.addEventListener('message', (event) => {
        if (typeof event.data !== 'string') return;
        const message = JSON.parse(event.data) as { type: string };
        if (message.type !== 'auth') return;
        readies++;
        client.send(JSON.stringify({ type: 'ready', team_ids: [5] }));
      });
      client.addEventListener('close', () => clients.delete(client));
    }),
  );
  return {
    send: (event: unknown) => clients.forEach((c) => c.send(JSON.stringify(event))),
    connected: () => clients.size,
    drop: () => clients.forEach((c) => c.close(1012, 'restart')),
    readies: () => readies,
  };
}
