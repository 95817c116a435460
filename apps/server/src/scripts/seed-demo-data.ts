/**
 * The demo data itself (the CLI is seed-demo.ts): people, teams, an invitation, a lived-in
 * timeline, and through seed-demo-features.ts a paid coach, check-ins, topics and to-dos.
 */
import { PostType, Role } from '@rally/contract';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';
import { DAY, HOUR, MINUTE, nowIso } from '../lib/clock.js';
import { AuthRepository } from '../modules/auth/repository.js';
import { hashPassword } from '../modules/auth/secrets.js';
import { BillingRepository } from '../modules/billing/repository.js';
import { BillingService } from '../modules/billing/service.js';
import { EngagementRepository } from '../modules/engagement/repository.js';
import { InvitationsRepository } from '../modules/invitations/repository.js';
import { MembersRepository } from '../modules/members/repository.js';
import { PostsRepository, type NewPost } from '../modules/posts/repository.js';
import { TeamsRepository } from '../modules/teams/repository.js';
import { createTeam } from '../modules/teams/service.js';
import { seedCheckins, seedPaidCoach, seedTodos, seedTopics, type FeatureContext } from './seed-demo-features.js';
import { transact } from '../events/log.js';

export const DEMO_PASSWORD = 'rally-demo';

export const PEOPLE = [
  { first_name: 'Dana', last_name: 'Coach', email: 'demo.coach@rally.test' },
  { first_name: 'Alex', last_name: 'Rivera', email: 'alex@rally.test' },
  { first_name: 'Sam', last_name: 'Okafor', email: 'sam@rally.test' },
  { first_name: 'Priya', last_name: 'Nair', email: 'priya@rally.test' },
  { first_name: 'Jonas', last_name: 'Berg', email: 'jonas@rally.test' },
  { first_name: 'Mei', last_name: 'Chen', email: 'mei@rally.test' },
  { first_name: 'Lena', last_name: 'Fischer', email: 'lena@rally.test' },
];

export interface SeedOptions {
  trialDays: number;
  /** For the test-mode billing provider (its portal is Rally's own card page). */
  publicUrl: string;
}

/** Fills `db` (migrated) with the demo; false, writing nothing, when the demo coach exists already. */
export async function seedDemo(db: Kysely<Database>, opts: SeedOptions): Promise<boolean> {
  const auth = new AuthRepository(db);
  if (await auth.findUserByEmail(PEOPLE[0]!.email)) return false;

  const subscriptions = new BillingRepository(db);
  const billing = new BillingService(db, subscriptions, opts.trialDays);
  const members = new MembersRepository(db);
  const teams = new TeamsRepository(db, members);

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const users: UserRow[] = [];
  for (const p of PEOPLE) {
    const now = nowIso();
    const user = await auth.createUser({
      ...p,
      password_hash: passwordHash,
      avatar: null,
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    });
    if (!user) throw new Error(`${p.email} exists already; the demo data is half there`);
    users.push(user);
  }
  const [coach, alex, sam, priya, jonas, mei, lena] = users.map((u) => u.id) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // The demo coach pays for the Coach plan (Manage Billing shows); everyone else is on the trial.
  await seedPaidCoach(db, subscriptions, users[0]!, opts.publicUrl);
  for (const id of [alex, sam, priya, jonas, mei, lena]) await billing.startTrial(id);

  const product = await createTeam(db, teams, coach, 'Product Squad', false, Role.Owner);
  await transact(db, async (trx) => {
    for (const id of [alex, sam, priya, jonas, mei]) await members.add(product, id, Role.Member, trx);
    await members.setRole(product, alex, Role.Admin, trx);
  });

  const leaders = await createTeam(db, teams, coach, 'Leadership Circle', false, Role.Owner);
  await transact(db, async (trx) => {
    for (const id of [priya, lena]) await members.add(leaders, id, Role.Member, trx);
  });

  const design = await createTeam(db, teams, alex, 'Design Guild', false, Role.Owner);
  await transact(db, (trx) => members.add(design, mei, Role.Member, trx));
  await transact(db, (trx) =>
    new InvitationsRepository(db).create(design, alex, 'sam@rally.test', 'DEMOJOIN2026', trx),
  );

  const engagement = new EngagementRepository(db);
  const now = new Date();
  await seedTimeline(db, engagement, now, { product, leaders, design }, { coach, alex, sam, priya, jonas, mei, lena });

  const ctx: FeatureContext = { db, members, engagement, urlOf: () => null, now };
  await seedCheckins(ctx, product, coach, { alex, sam, priya, jonas });
  await seedTopics(ctx, product, coach, alex);
  await seedTodos(ctx, product, coach, { alex, sam, priya, jonas, mei });
  return true;
}

/**
 * A lived-in timeline: posts of each kind, tags, reactions and comments, spread over the past
 * week (each post is stamped back after it is written; the teams' welcome messages go first).
 * Timelines list them by that time, whatever order they were written in (check-ins, written
 * after these, are three days and five hours old).
 */
async function seedTimeline(
  db: Kysely<Database>,
  engagement: EngagementRepository,
  now: Date,
  { product, leaders, design }: { product: number; leaders: number; design: number },
  {
    coach,
    alex,
    sam,
    priya,
    jonas,
    mei,
    lena,
  }: Record<'coach' | 'alex' | 'sam' | 'priya' | 'jonas' | 'mei' | 'lena', number>,
): Promise<void> {
  const posts = new PostsRepository(db, engagement);
  const stamp = (ids: (eb: ExpressionBuilder<Database, 'posts'>) => Expression<SqlBool>, agoMs: number) =>
    db
      .updateTable('posts')
      .set({ created_at: new Date(now.getTime() - agoMs).toISOString() })
      .where(ids)
      .execute();
  await stamp(
    (eb) => eb('team_id', 'in', [product, leaders, design]).and('type_id', '=', PostType.welcomemessage),
    7 * DAY,
  );
  const say = async (
    agoMs: number,
    team: number,
    user: number,
    type_id: number,
    text: string,
    extra: Partial<NewPost> = {},
    tags: number[] = [],
  ) => {
    const id = await posts.insert(db, { team_id: team, user_id: user, type_id, text, ...extra }, tags);
    await stamp((eb) => eb('id', '=', id), agoMs);
    return id;
  };
  const p1 = await say(
    6 * MINUTE,
    product,
    sam,
    PostType.text,
    'Pairing on the onboarding flow this afternoon. Anyone free to review at 4?',
  );
  const p2 = await say(
    DAY,
    product,
    coach,
    PostType.celebration,
    'Huge thanks to Priya and Jonas for shipping the new billing page a week early!',
    { color_id: 2 },
    [priya, jonas],
  );
  const p3 = await say(
    2 * DAY,
    product,
    mei,
    PostType.brightidea,
    'What if we kept Fridays meeting-free for deep work?',
    { color_id: 5 },
  );
  const p4 = await say(
    4 * HOUR,
    leaders,
    lena,
    PostType.text,
    'Notes from our offsite are in the shared folder. Reactions welcome.',
  );
  for (const [post, user, buzz] of [
    [p2, alex, 8],
    [p2, sam, 7],
    [p2, mei, 8],
    [p3, jonas, 7],
    [p3, coach, 9],
    [p1, priya, 7],
    [p4, coach, 7],
  ] as const) {
    await transact(db, (trx) => engagement.setReaction(trx, { kind: 'post', id: post }, user, buzz));
  }
  for (const [post, user, content] of [
    [p2, alex, 'Well deserved, the new page is so much faster.'],
    [p3, priya, 'Yes please! Could we try it for a month?'],
    [p1, jonas, 'I can review at 4.'],
  ] as const) {
    await transact(db, (trx) =>
      engagement.addComment(trx, { kind: 'post', id: post }, user, { content, media_key: null, media_type_id: 1 }),
    );
  }
}
