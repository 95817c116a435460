/**
 * Fills the configured database with a demo coach, members and teams so a new user can look
 * around. Safe to run twice: it stops when the demo coach exists. Sign in as demo.coach@rally.test
 * (or any demo member) with the password `rally-demo`.
 */
import path from 'node:path';
import { PostType, Role } from '@rally/contract';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { nowIso } from '../lib/clock.js';
import { AuthRepository } from '../modules/auth/repository.js';
import { hashPassword } from '../modules/auth/secrets.js';
import { BillingRepository } from '../modules/billing/repository.js';
import { BillingService } from '../modules/billing/service.js';
import { InvitationsRepository } from '../modules/invitations/repository.js';
import { EngagementRepository } from '../modules/engagement/repository.js';
import { MembersRepository } from '../modules/members/repository.js';
import { PostsRepository, type NewPost } from '../modules/posts/repository.js';
import { TeamsRepository } from '../modules/teams/repository.js';

export const DEMO_PASSWORD = 'rally-demo';

const PEOPLE = [
  { first_name: 'Dana', last_name: 'Coach', email: 'demo.coach@rally.test' },
  { first_name: 'Alex', last_name: 'Rivera', email: 'alex@rally.test' },
  { first_name: 'Sam', last_name: 'Okafor', email: 'sam@rally.test' },
  { first_name: 'Priya', last_name: 'Nair', email: 'priya@rally.test' },
  { first_name: 'Jonas', last_name: 'Berg', email: 'jonas@rally.test' },
  { first_name: 'Mei', last_name: 'Chen', email: 'mei@rally.test' },
  { first_name: 'Lena', last_name: 'Fischer', email: 'lena@rally.test' },
];

async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: path.join(config.DATA_DIR, 'rally.sqlite') });
  await migrateToLatest(db.kysely);
  const auth = new AuthRepository(db.kysely);
  const subscriptions = new BillingRepository(db.kysely);
  const billing = new BillingService(subscriptions, config.TRIAL_DAYS);
  const members = new MembersRepository(db.kysely);
  const teams = new TeamsRepository(db.kysely, members);
  const invitations = new InvitationsRepository(db.kysely);

  if (await auth.findUserByEmail(PEOPLE[0]!.email)) {
    console.log('Demo data is already there. Sign in as demo.coach@rally.test with password rally-demo.');
    await db.kysely.destroy();
    return;
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids: number[] = [];
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
    await billing.startTrial(user.id);
    ids.push(user.id);
  }
  const [coach, alex, sam, priya, jonas, mei, lena] = ids as [number, number, number, number, number, number, number];
  // The demo coach has a paid Coach plan, so the demo teams stay active after the trial days.
  await subscriptions.update(coach, { stripe_status: 'active', trial_ends_at: null, has_payment_method: 1 });

  const product = await teams.createTeam(coach, 'Product Squad', false, Role.Owner);
  for (const id of [alex, sam, priya, jonas, mei]) await members.add(product, id, Role.Member);
  await members.setRole(product, alex, Role.Admin);

  const leaders = await teams.createTeam(coach, 'Leadership Circle', false, Role.Owner);
  for (const id of [priya, lena]) await members.add(leaders, id, Role.Member);

  const design = await teams.createTeam(alex, 'Design Guild', false, Role.Owner);
  await members.add(design, mei, Role.Member);
  await invitations.create(design, alex, 'sam@rally.test', 'DEMOJOIN2026');

  // A lived-in timeline: posts of each kind, tags, reactions and comments.
  const engagement = new EngagementRepository(db.kysely);
  const posts = new PostsRepository(db.kysely, engagement);
  const say = (
    team: number,
    user: number,
    type_id: number,
    text: string,
    extra: Partial<NewPost> = {},
    tags: number[] = [],
  ) => posts.insert(db.kysely, { team_id: team, user_id: user, type_id, text, ...extra }, tags);
  const p1 = await say(
    product,
    sam,
    PostType.text,
    'Pairing on the onboarding flow this afternoon. Anyone free to review at 4?',
  );
  const p2 = await say(
    product,
    coach,
    PostType.celebration,
    'Huge thanks to Priya and Jonas for shipping the new billing page a week early!',
    { color_id: 2 },
    [priya, jonas],
  );
  const p3 = await say(product, mei, PostType.brightidea, 'What if we kept Fridays meeting-free for deep work?', {
    color_id: 5,
  });
  const p4 = await say(
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
    await db.kysely.transaction().execute((trx) => engagement.setReaction(trx, { kind: 'post', id: post }, user, buzz));
  }
  for (const [post, user, content] of [
    [p2, alex, 'Well deserved, the new page is so much faster.'],
    [p3, priya, 'Yes please! Could we try it for a month?'],
    [p1, jonas, 'I can review at 4.'],
  ] as const) {
    await db.kysely
      .transaction()
      .execute((trx) =>
        engagement.addComment(trx, { kind: 'post', id: post }, user, { content, media_key: null, media_type_id: 1 }),
      );
  }

  await db.kysely.destroy();
  console.log(`Demo data created in ${config.DATABASE_URL ? 'PostgreSQL' : path.join(config.DATA_DIR, 'rally.sqlite')}.
Sign in with password "${DEMO_PASSWORD}" as:
  demo.coach@rally.test  coach (Super Admin) of Product Squad and Leadership Circle
  alex@rally.test        admin of Product Squad, coach of Design Guild
  sam@rally.test         member, with a pending invitation to Design Guild
  priya@rally.test, jonas@rally.test, mei@rally.test, lena@rally.test  members`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
