/**
 * The demo's feature data: the coach's paid plan, check-ins, Inspiration topics and to-dos, each
 * written through its own module (service or repository), so posts, counters and timeline
 * versions come out as the app itself makes them.
 */
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema.js';
import { DAY, HOUR, MINUTE } from '../lib/clock.js';
import type { BillingRepository } from '../modules/billing/repository.js';
import { BillingService } from '../modules/billing/service.js';
import { TestModeProvider } from '../modules/billing/test-provider.js';
import { CheckinsRepository } from '../modules/checkins/repository.js';
import { CheckinsService } from '../modules/checkins/service.js';
import type { EngagementRepository } from '../modules/engagement/repository.js';
import type { MembersRepository } from '../modules/members/repository.js';
import { TeamAccess } from '../modules/members/team-access.js';
import { PostsRepository } from '../modules/posts/repository.js';
import { TodosRepository } from '../modules/todos/repository.js';
import { TopicsRepository } from '../modules/topics/repository.js';
import { TopicsService, dayOf } from '../modules/topics/service.js';

export interface FeatureContext {
  db: Kysely<Database>;
  members: MembersRepository;
  engagement: EngagementRepository;
  /** Demo avatars are not uploads: no key to sign. */
  urlOf: (key: string | null) => string | null;
  now: Date;
}

/**
 * The coach pays for the Coach plan with Stripe's test card, as the built-in test mode's
 * subscribe does it (ADR 0014): no trial running, so the subscription is active at once.
 */
export async function seedPaidCoach(
  db: Kysely<Database>,
  repo: BillingRepository,
  coach: UserRow,
  publicUrl: string,
): Promise<void> {
  const billing = new BillingService(db, repo, 0, new TestModeProvider(publicUrl));
  await billing.subscribe(coach, {
    payment_method: '4242 4242 4242 4242',
    name: `${coach.first_name} ${coach.last_name}`,
  });
}

type Answer = [user: number, afterMs: number, mood: number, isPrivate: boolean];

/**
 * Two check-ins of the coach in `team`, three days ago and five hours ago (so a new one may be
 * asked at once: the 4-hour rule), each answered by four members over the hours after it. Moods:
 * 1 Happy, 2 Excited, 3 Calm, 4 Tired, 5 Stressed.
 */
export async function seedCheckins(
  ctx: FeatureContext,
  team: number,
  coach: number,
  who: { alex: number; sam: number; priya: number; jonas: number },
): Promise<void> {
  // The service stamps requests and answers with its clock: moved back to spread them over days.
  let clock = ctx.now;
  const repo = new CheckinsRepository(ctx.db);
  const checkins = new CheckinsService({
    db: ctx.db,
    repo,
    access: new TeamAccess(ctx.members),
    urlOf: ctx.urlOf,
    now: () => clock,
  });
  const rounds: [agoMs: number, answers: Answer[]][] = [
    [
      3 * DAY,
      [
        [who.alex, 2 * HOUR, 1, false],
        [who.sam, 3 * HOUR, 3, true],
        [who.priya, 5 * HOUR, 2, false],
        [who.jonas, 20 * HOUR, 4, true],
      ],
    ],
    [
      5 * HOUR,
      [
        [who.alex, 30 * MINUTE, 2, true],
        [who.priya, HOUR, 1, false],
        [who.jonas, 2 * HOUR, 3, false],
        [who.sam, 3 * HOUR, 5, true],
      ],
    ],
  ];
  for (const [ago, answers] of rounds) {
    const asked = ctx.now.getTime() - ago;
    clock = new Date(asked);
    await checkins.request(coach, team);
    const checkinId = (await repo.latest(team))!.id;
    for (const [user, after, mood_id, isPrivate] of answers) {
      clock = new Date(asked + after);
      await checkins.answer(user, team, checkinId, { mood_id, private: isPrivate });
    }
  }
}

/** Today's Inspiration topic, published as the app publishes it, and tomorrow's, written ahead (ADR 0016). */
export async function seedTopics(ctx: FeatureContext, team: number, coach: number, admin: number): Promise<void> {
  const topics = new TopicsService({
    db: ctx.db,
    repo: new TopicsRepository(ctx.db, ctx.engagement),
    posts: new PostsRepository(ctx.db, ctx.engagement),
    access: new TeamAccess(ctx.members),
    urlOf: ctx.urlOf,
    now: () => ctx.now,
  });
  await topics.create(coach, team, {
    content: 'What is one small win from this week that nobody noticed? Share it and thank whoever helped.',
    publish_date: null,
  });
  await topics.create(admin, team, {
    content: 'Progress over perfection: what will you ship today, even if it is not polished yet?',
    publish_date: dayOf(new Date(ctx.now.getTime() + DAY)),
  });
}

type Task = [description: string, priority: string | null, dueInDays: number | null, tags: number[], done?: number];

/** Two to-do lists with tasks: priorities, due dates, tagged members, one done. */
export async function seedTodos(
  ctx: FeatureContext,
  team: number,
  coach: number,
  who: { alex: number; sam: number; priya: number; jonas: number; mei: number },
): Promise<void> {
  const todos = new TodosRepository(ctx.db, ctx.engagement);
  const due = (days: number) => dayOf(new Date(ctx.now.getTime() + days * DAY));
  const lists: [name: string, author: number, tasks: Task[]][] = [
    [
      'Q3 launch checklist',
      coach,
      [
        ['Write the release notes for the new onboarding flow', 'High', 3, [who.sam, who.priya]],
        ['Run a usability test with five customers', 'Medium', 7, [who.mei]],
        ['Update the pricing page screenshots', 'Low', null, [who.jonas], who.jonas],
        ['Plan the launch-day celebration', null, 10, []],
      ],
    ],
    [
      'Team rituals',
      who.alex,
      [
        ['Book a room for the Friday retro', 'Medium', 1, [who.priya]],
        ['Collect ideas for the meeting-free Friday trial', null, 5, [who.mei, who.jonas]],
      ],
    ],
  ];
  for (const [name, author, tasks] of lists) {
    const listId = await todos.insertList(ctx.db, { team_id: team, user_id: author, name });
    for (const [description, priority, dueIn, tags, doneBy] of tasks) {
      const taskId = await todos.insertTask(
        ctx.db,
        {
          todo_list_id: listId,
          team_id: team,
          user_id: author,
          description,
          priority,
          due_date: dueIn === null ? null : due(dueIn),
          media_key: null,
          media_type_id: null,
        },
        tags,
      );
      if (doneBy !== undefined) await todos.complete(taskId, doneBy);
    }
  }
}
