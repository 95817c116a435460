import { expect } from 'vitest';
import type { SubscriptionDto } from '@rally/contract';
import type { TestApp } from '../app.js';
import { buildUser, type SignedUpUser } from '../factories.js';
import { addMembers, createTeam, teamsOf } from '../teams.js';

/** A valid subscribe body; `overrides` changes fields. */
export const subscribeBody = (payment_method: string, overrides: Record<string, unknown> = {}) => ({
  subscription_package_price_id: 1,
  payment_method,
  name: 'Ada Lovelace',
  ...overrides,
});

export const subscribe = (t: TestApp, user: SignedUpUser, body: Record<string, unknown>) =>
  t.api('POST', 'subscription/subscribe', body, user.token);

export async function subscriptionOf(t: TestApp, user: SignedUpUser): Promise<SubscriptionDto> {
  const res = await t.api('GET', 'user/subscription', undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: SubscriptionDto }>().data;
}

export const teamStatus = async (t: TestApp, viewer: SignedUpUser, teamId: number) =>
  (await teamsOf(t, viewer)).find((x) => x.id === teamId)?.status;

/** A coach with a team that holds a member and one post of theirs: what a lapse must keep. */
export async function coachWithTeam(
  t: TestApp,
  teamName: string,
  postContent: string,
): Promise<{ coach: SignedUpUser; member: SignedUpUser; teamId: number }> {
  const [coach, member] = await Promise.all([buildUser(t), buildUser(t)]);
  const team = await createTeam(t, coach, teamName);
  await addMembers(t, team.id, coach, [member]);
  expect((await t.api('POST', `user/team/${team.id}/posts`, { content: postContent }, member.token)).statusCode).toBe(
    201,
  );
  return { coach, member, teamId: team.id };
}

/**
 * Ends a user's trial a moment ago (no card on file), standing for the clock moving. Kept team
 * cards follow the clock by themselves, not a row changed behind the app (no event; only their
 * TTL would): dropped here.
 */
export async function endTrial(t: TestApp, user: SignedUpUser): Promise<void> {
  await t.db.kysely
    .updateTable('subscriptions')
    .set({ trial_ends_at: new Date(Date.now() - 1000).toISOString() })
    .where('user_id', '=', user.id)
    .execute();
  t.app.teamCards.clear();
}

/** How many posts and memberships a team has: a lapse must keep them all. */
export async function contentOf(t: TestApp, teamId: number): Promise<{ posts: number; members: number }> {
  const count = async (table: 'posts' | 'team_members') =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('team_id', '=', teamId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { posts: await count('posts'), members: await count('team_members') };
}
