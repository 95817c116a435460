import type { CheckinMetricsDto, PostDto, SubscriptionDto, TodoListDto, TopicDto } from '@rally/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app.js';
import { loginToken } from '../test/factories.js';
import { DEMO_PASSWORD, PEOPLE, seedDemo } from './seed-demo-data.js';

/** The demo seed on the database this run uses, read back through the API as the demo coach sees it. */
describe('seed:demo', () => {
  const t = useTestApp();

  it('fills every feature of Product Squad, and a second run writes nothing', async () => {
    const opts = { trialDays: t.config.TRIAL_DAYS, publicUrl: t.config.PUBLIC_URL };
    expect(await seedDemo(t.db.kysely, opts)).toBe(true);
    expect(await seedDemo(t.db.kysely, opts)).toBe(false);
    const users = await t.db.kysely
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(users.n)).toBe(PEOPLE.length);

    const token = await loginToken(t, PEOPLE[0]!.email, DEMO_PASSWORD);
    const get = async <T>(url: string): Promise<T> => {
      const res = await t.api('GET', url, undefined, token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ data: T }>().data;
    };
    const { id: team } = await t.db.kysely
      .selectFrom('teams')
      .select('id')
      .where('name', '=', 'Product Squad')
      .executeTakeFirstOrThrow();

    const metrics = await get<CheckinMetricsDto>(`user/team/${team}/checkin/metrics`);
    expect(metrics.engaged_users_count).toBeGreaterThanOrEqual(3);
    expect(metrics.initiated_count).toBe(2);
    expect(metrics.metrics_meter.hidden).toBe(false);
    const replies = await t.db.kysely
      .selectFrom('checkin_responses')
      .select(['is_private', 'post_id'])
      .where('team_id', '=', team)
      .execute();
    expect(new Set(replies.map((r) => Number(r.is_private)))).toEqual(new Set([0, 1]));
    expect(replies.every((r) => (Number(r.is_private) === 0) === (r.post_id !== null))).toBe(true);

    const topic = await get<TopicDto | null>(`user/team/${team}/topic-of-day`);
    expect(topic?.published_at).not.toBeNull();
    expect(await get<TopicDto[]>(`user/team/${team}/topics/scheduled`)).toHaveLength(1);

    const lists = await get<TodoListDto[]>(`user/team/${team}/todo-list`);
    expect(lists.length).toBeGreaterThanOrEqual(1);
    const tasks = await Promise.all(
      lists.map((l) => get<{ status_id: number }[]>(`user/team/${team}/todo-list/${l.id}/timeline`)),
    );
    expect(tasks.flat().length).toBeGreaterThan(1);
    expect(tasks.flat().some((task) => task.status_id === 2)).toBe(true);

    // The demo's posts are stamped over the past week, many before posts written ahead of them
    // (check-ins three days back, after the timeline's posts of minutes ago): the timeline and
    // the dashboard read in time order all the same, newest first.
    for (const url of [`user/team/${team}/timeline?page=1&per_page=50`, 'user/dashboard?page=1&per_page=50']) {
      const posts = await get<PostDto[]>(url);
      expect(posts.length, url).toBeGreaterThan(5);
      const times = posts.map((p) => p.created_at);
      expect(times, url).toEqual([...times].sort().reverse());
      expect(
        posts.some((p, i) => i > 0 && p.id > posts[i - 1]!.id),
        url,
      ).toBe(true);
    }

    const plan = await get<SubscriptionDto>('user/subscription');
    expect(plan).toMatchObject({ name: 'Premium', stripe_status: 'active', has_payment_method: true });
  });
});
