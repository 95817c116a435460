import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Messages, type SubscriptionDto, type TeamDto } from '@rally/contract';
import { useTestApp } from '../../test/app.js';
import { buildUser, uniqueEmail, type SignedUpUser } from '../../test/factories.js';
import { addMembers, createTeam, invite, seatMembers, setPlan, teamsOf } from '../../test/teams.js';
import { BillingRepository } from './repository.js';
import { BillingService } from './service.js';

/** Not the default 14, so a test proves the setting is read. */
const TRIAL_DAYS = 9;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const t = useTestApp({ TRIAL_DAYS: String(TRIAL_DAYS) });
/** The trial job as the schedule runs it, over the test database. */
let billing: BillingService;
beforeAll(() => {
  billing = new BillingService(t.db.kysely, new BillingRepository(t.db.kysely), TRIAL_DAYS);
});

async function subscriptionOf(user: SignedUpUser): Promise<SubscriptionDto> {
  const res = await t.api('GET', 'user/subscription', undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: SubscriptionDto }>().data;
}

/**
 * Moves a trial's end, standing for the clock moving. Kept team cards follow the clock by
 * themselves, not a row changed behind the app (no event; only their TTL would): dropped here.
 */
async function setTrialEnd(user: SignedUpUser, at: Date, hasPaymentMethod = false): Promise<void> {
  await t.db.kysely
    .updateTable('subscriptions')
    .set({ trial_ends_at: at.toISOString(), has_payment_method: hasPaymentMethod ? 1 : 0 })
    .where('user_id', '=', user.id)
    .execute();
  t.app.teamCards.clear();
}

const createTeamRes = (user: SignedUpUser, name: string) => t.api('POST', 'user/team', { name }, user.token);

describe('plans', () => {
  it('subscription-packages lists Free (Member) and Premium (Coach) at $50.00 a month', async () => {
    const res = await t.api('GET', 'subscription-packages');
    expect(res.statusCode, res.body).toBe(200);
    const plans = res.json().data;
    expect(plans.map((p: { name: string; title: string }) => [p.name, p.title])).toEqual([
      ['Free', 'Member'],
      ['Premium', 'Coach'],
    ]);
    expect(plans[1].subscription_package_prices).toEqual([
      expect.objectContaining({
        currency: 'usd',
        unit_amount: 5000,
        recurring: { interval: 'month', interval_count: 1 },
      }),
    ]);
  });
});

describe('trial', () => {
  it(`a new account starts a Premium (Coach) trial of TRIAL_DAYS (${TRIAL_DAYS}) days`, async () => {
    const before = Date.now();
    const user = await buildUser(t);
    const sub = await subscriptionOf(user);
    expect(sub).toMatchObject({
      name: 'Premium',
      title: 'Coach',
      stripe_status: 'trialing',
      trail_will_end_tomorrow: false,
      action_performed_by: null,
    });
    const endsAt = Date.parse(sub.trial_ends_at!);
    expect(endsAt).toBeGreaterThanOrEqual(before + TRIAL_DAYS * DAY - 60_000);
    expect(endsAt).toBeLessThanOrEqual(Date.now() + TRIAL_DAYS * DAY + 60_000);
  });

  it('trail_will_end_tomorrow is true only within the last 24 hours of a running trial', async () => {
    const user = await buildUser(t);
    const flagAt = async (msFromNow: number) => {
      await setTrialEnd(user, new Date(Date.now() + msFromNow));
      return (await subscriptionOf(user)).trail_will_end_tomorrow;
    };
    expect(await flagAt(23 * HOUR)).toBe(true);
    expect(await flagAt(10 * 60_000)).toBe(true);
    expect(await flagAt(25 * HOUR)).toBe(false);
    // Ended (the job has not run yet): no longer "tomorrow".
    expect(await flagAt(-HOUR)).toBe(false);
    // Only a trial ends.
    await setTrialEnd(user, new Date(Date.now() + 2 * HOUR));
    await setPlan(t, user.id, 'Premium', 'active');
    expect((await subscriptionOf(user)).trail_will_end_tomorrow).toBe(false);
  });
});

describe('the trial expiry job', () => {
  it('moves an ended trial without a payment method to Free, done by the system (2)', async () => {
    const [ended, paying, running] = await Promise.all([buildUser(t), buildUser(t), buildUser(t)]);
    await setTrialEnd(ended, new Date(Date.now() - 1000));
    await setTrialEnd(paying, new Date(Date.now() - 1000), true);
    const runningBefore = await subscriptionOf(running);

    expect(await billing.expireTrials()).toBeGreaterThanOrEqual(1);

    expect(await subscriptionOf(ended)).toMatchObject({
      name: 'Free',
      title: 'Member',
      stripe_status: 'active',
      action_performed_by: 2,
      trail_will_end_tomorrow: false,
    });
    // A payment method on file: the provider takes over; the job leaves it alone.
    expect(await subscriptionOf(paying)).toMatchObject({
      name: 'Premium',
      stripe_status: 'trialing',
      action_performed_by: null,
    });
    expect(await subscriptionOf(running)).toEqual(runningBefore);

    // Idempotent: a second run (another node) finds nothing of theirs to move.
    await billing.expireTrials();
    expect((await subscriptionOf(ended)).name).toBe('Free');
    expect((await subscriptionOf(paying)).name).toBe('Premium');
  });

  it('does not touch a trial that ends in the future', async () => {
    const user = await buildUser(t);
    await setTrialEnd(user, new Date(Date.now() + 60_000));
    await billing.expireTrials();
    expect(await subscriptionOf(user)).toMatchObject({ name: 'Premium', stripe_status: 'trialing' });
    // …until the moment it ends.
    await billing.expireTrials(new Date(Date.now() + 2 * 60_000));
    expect(await subscriptionOf(user)).toMatchObject({ name: 'Free', action_performed_by: 2 });
  });

  it("after expiry the coach's engagements are inactive and inviting or creating another needs the Coach plan", async () => {
    const [coach, member] = await Promise.all([buildUser(t), buildUser(t)]);
    const team = await createTeam(t, coach, 'Coached Team');
    expect(team).toMatchObject({ status: 'active', is_personal: false });
    await addMembers(t, team.id, coach, [member]);

    await setTrialEnd(coach, new Date(Date.now() - 1000));
    await billing.expireTrials();

    const statusFor = async (viewer: SignedUpUser) => (await teamsOf(t, viewer)).find((x) => x.id === team.id)?.status;
    expect(await statusFor(coach)).toBe('inactive');
    // Members see the same status (it is the coach's plan that counts, not theirs).
    expect((await subscriptionOf(member)).stripe_status).toBe('trialing');
    expect(await statusFor(member)).toBe('inactive');

    const inv = await invite(t, team.id, [uniqueEmail('late')], coach.token);
    expect(inv.statusCode, inv.body).toBe(403);
    expect(inv.json().message).toBe(Messages.needCoachPlan);

    // A Member-plan account has one personal team; the coach's earlier engagements do not count.
    const personal = await createTeamRes(coach, 'My Own');
    expect(personal.statusCode, personal.body).toBe(201);
    expect(personal.json().data).toMatchObject({ is_personal: true, status: 'active' });
    const again = await createTeamRes(coach, 'Another Engagement');
    expect(again.statusCode, again.body).toBe(403);
    expect(again.json()).toMatchObject({ message: Messages.needCoachPlan, code: 'coach_plan_required' });

    // Back on Premium (paid): the engagements are active again.
    await setPlan(t, coach.id, 'Premium', 'active');
    expect(await statusFor(member)).toBe('active');
  });
});

describe('inactive teams and ended trials', () => {
  it('an admin with the Coach plan cannot invite into a team whose coach lapsed', async () => {
    const [coach, admin] = await Promise.all([buildUser(t), buildUser(t)]);
    const team = await createTeam(t, coach, 'Lapsed Team');
    await seatMembers(t, team.id, [{ user: admin, role: 3 }]);
    expect((await invite(t, team.id, [uniqueEmail('ok')], admin.token)).statusCode).toBe(200);

    await setPlan(t, coach.id, 'Premium', 'canceled');
    const res = await invite(t, team.id, [uniqueEmail('late')], admin.token);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ message: Messages.teamInactive, code: 'team_inactive' });
  });

  it('a trial past its end stops counting as Coach before the expiry job runs', async () => {
    const coach = await buildUser(t);
    const team = await createTeam(t, coach, 'Trial Team');
    await setTrialEnd(coach, new Date(Date.now() - 1000));
    const res = await invite(t, team.id, [uniqueEmail('x')], coach.token);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(Messages.needCoachPlan);
  });
});

describe('a trial that ended a moment ago, before the expiry job ran', () => {
  it("makes the owner's team inactive at once: listed as inactive, and an admin's invite is refused", async () => {
    const [coach, admin] = await Promise.all([buildUser(t), buildUser(t)]);
    const team = await createTeam(t, coach, 'Lapsing Team');
    await seatMembers(t, team.id, [{ user: admin, role: 3 }]);
    expect((await teamsOf(t, admin)).find((x) => x.id === team.id)?.status).toBe('active');

    // No payment method on file, and the job has not run: still 'trialing' in the database.
    await setTrialEnd(coach, new Date(Date.now() - 1000));
    expect((await subscriptionOf(coach)).stripe_status).toBe('trialing');

    for (const viewer of [coach, admin])
      expect((await teamsOf(t, viewer)).find((x) => x.id === team.id)?.status).toBe('inactive');
    const res = await invite(t, team.id, [uniqueEmail('late')], admin.token);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ message: Messages.teamInactive, code: 'team_inactive' });
  });
});

describe("the trial's last day: Settings' state and Create Engagement agree", () => {
  // The clock stands still at chosen instants (only Date is faked: the app's timers run as ever).
  afterEach(() => vi.useRealTimers());

  it('active on its last day and at its end instant, over the millisecond after, before and by the job', async () => {
    const coach = await buildUser(t);
    // A personal team already: a further engagement needs the Coach plan (spec §1).
    const own = await createTeam(t, coach, 'Own Team');
    await t.db.kysely.updateTable('teams').set({ is_personal: 1 }).where('id', '=', own.id).execute();
    const end = new Date(Math.ceil((Date.now() + 30 * 60_000) / 1000) * 1000);
    await setTrialEnd(coach, end);
    vi.useFakeTimers({ toFake: ['Date'] });

    const at = async (when: Date, name: string) => {
      vi.setSystemTime(when);
      t.app.teamCards.clear();
      const sub = await subscriptionOf(coach);
      const created = await createTeamRes(coach, name);
      return { sub, created };
    };

    // The last day, half an hour before the end.
    let seen = await at(new Date(end.getTime() - 30 * 60_000), 'Last Day Engagement');
    expect(seen.sub).toMatchObject({ stripe_status: 'trialing', is_active: true, trail_will_end_tomorrow: true });
    expect(seen.created.statusCode, seen.created.body).toBe(201);
    expect(seen.created.json().data).toMatchObject({ is_personal: false, status: 'active' });

    // The end instant itself: still active, and the job leaves it.
    seen = await at(end, 'Last Instant Engagement');
    expect(seen.sub).toMatchObject({ stripe_status: 'trialing', is_active: true });
    expect(seen.created.statusCode, seen.created.body).toBe(201);
    await billing.expireTrials(end);
    expect(await subscriptionOf(coach)).toMatchObject({ name: 'Premium', stripe_status: 'trialing' });

    // A millisecond later, before the job has run: trialing in the database, but not active,
    // and Create Engagement refuses what Settings no longer shows as Subscribed.
    const after = new Date(end.getTime() + 1);
    seen = await at(after, 'Too Late Engagement');
    expect(seen.sub).toMatchObject({ stripe_status: 'trialing', is_active: false, trail_will_end_tomorrow: false });
    expect(seen.created.statusCode, seen.created.body).toBe(403);
    expect(seen.created.json()).toMatchObject({ code: 'coach_plan_required' });

    // The job, run then, moves it to the Member plan: still not active for Create Engagement.
    await billing.expireTrials(after);
    expect(await subscriptionOf(coach)).toMatchObject({ name: 'Free', is_active: true, action_performed_by: 2 });
    expect((await createTeamRes(coach, 'Member Engagement')).statusCode).toBe(403);
  });
});

describe('the Member (Free) plan', () => {
  it('creates exactly one personal team, which stays active; a second create is 403', async () => {
    const user = await buildUser(t);
    await setPlan(t, user.id, 'Free', 'active');
    const first = await createTeamRes(user, 'Just Me');
    expect(first.statusCode, first.body).toBe(201);
    const team: TeamDto = first.json().data;
    expect(team).toMatchObject({ name: 'Just Me', is_personal: true, status: 'active', role_id: 2, users_count: 1 });

    const second = await createTeamRes(user, 'Second One');
    expect(second.statusCode, second.body).toBe(403);
    expect(second.json()).toMatchObject({ message: Messages.needCoachPlan, code: 'coach_plan_required' });
    expect((await teamsOf(t, user)).map((x) => x.id)).toEqual([team.id]);

    // Nobody can be invited into it without the Coach plan.
    const inv = await invite(t, team.id, [uniqueEmail('friend')], user.token);
    expect(inv.statusCode, inv.body).toBe(403);
    expect(inv.json().message).toBe(Messages.needCoachPlan);
  });

  it('two creates at the same moment still make only one personal team', async () => {
    const user = await buildUser(t);
    await setPlan(t, user.id, 'Free', 'active');
    const results = await Promise.all([
      createTeamRes(user, 'Race One'),
      createTeamRes(user, 'Race Two'),
      createTeamRes(user, 'Race Three'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
    const rows = await t.db.kysely.selectFrom('teams').select('id').where('owner_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('an account without a subscription row is on the Member plan', async () => {
    const user = await buildUser(t);
    await t.db.kysely.deleteFrom('subscriptions').where('user_id', '=', user.id).execute();
    expect(await subscriptionOf(user)).toMatchObject({
      name: 'Free',
      title: 'Member',
      stripe_status: 'active',
      trial_ends_at: null,
    });
    expect((await createTeamRes(user, 'Solo')).json().data).toMatchObject({ is_personal: true });
    expect((await createTeamRes(user, 'Solo Two')).statusCode).toBe(403);
  });

  it('a canceled Premium subscription is not the Coach plan', async () => {
    const user = await buildUser(t);
    await setPlan(t, user.id, 'Premium', 'canceled');
    expect((await createTeamRes(user, 'First')).json().data).toMatchObject({ is_personal: true });
    expect((await createTeamRes(user, 'Second')).statusCode).toBe(403);
  });

  it('a Coach creates any number of engagements, none of them personal', async () => {
    const user = await buildUser(t);
    for (const name of ['One', 'Two', 'Three']) {
      const res = await createTeamRes(user, name);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({ is_personal: false, status: 'active' });
    }
  });
});
