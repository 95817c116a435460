import {
  PortfolioMessages,
  Role,
  attentionCauseId,
  attentionSentence,
  notificationSentence,
  type AttentionCause,
  type NotificationDto,
  type PortfolioRowDto,
  type TeamDto,
} from '@rally/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { buildUser, mailsTo, type SignedUpUser } from '../../test/factories.js';
import { buildTeam, seatMembers } from '../../test/teams.js';
import { createMailer, type Mailer } from '../mail/mailer.js';
import { WorkQueue } from '../../queue/work-queue.js';
import { attentionJob } from './attention-job.js';
import { digestJob, isoWeekOf, type DigestSettingsRow } from './digest-job.js';
import { TeamsRepository } from '../teams/repository.js';
import { createTeam } from '../teams/service.js';
import { PortfolioRepository } from './repository.js';
import { PortfolioService } from './service.js';

const t = useTestApp();

/** What the injected read model answers, per coach (no entry: no rows). */
const rowsOf = new Map<number, PortfolioRowDto[]>();
const asked: number[] = [];
const readRows = (userId: number) => {
  asked.push(userId);
  return Promise.resolve(rowsOf.get(userId) ?? []);
};
/** The stored digest settings (no row: the defaults, Monday 08:00). */
const settings: DigestSettingsRow[] = [];
const readDigestSettings = (ids: number[]) => Promise.resolve(settings.filter((s) => ids.includes(s.user_id)));

const FACTS: Record<AttentionCause, { value: number; threshold: number; from?: number; to?: number }> = {
  happiness_drop: { value: 12, threshold: 10, from: 70, to: 58 },
  quiet: { value: 9, threshold: 7 },
  low_participation: { value: 20, threshold: 40 },
  overdue_tasks: { value: 2, threshold: 1 },
};

/** A portfolio row for `team`, flagged for `causes`. */
function row(
  team: Pick<TeamDto, 'id' | 'name'>,
  causes: AttentionCause[] = [],
  over: Partial<Omit<PortfolioRowDto, 'team' | 'attention'>> = {},
): PortfolioRowDto {
  const reasons = causes.map((cause) => ({ cause, ...FACTS[cause], text: cause }));
  return {
    team: { id: team.id, name: team.name, avatar: null },
    members_count: 5,
    happiness: { meter: 64, trend: -3 },
    participation: 80,
    checkin_response_rate: 75,
    tasks: { open: 4, overdue: causes.includes('overdue_tasks') ? 2 : 0 },
    video_response_rate: null,
    slideshow_response_rate: null,
    last_activity_at: '2026-11-27T23:30:00.000Z',
    activity: [],
    ...over,
    attention: { flagged: reasons.length > 0, reasons, summary: attentionSentence(reasons) },
  };
}

const settle = () => t.app.queue.idle();

async function attentionNotifications(user: SignedUpUser) {
  await settle();
  return t.db.kysely
    .selectFrom('notifications')
    .select(['team_id', 'subject', 'actor_id', 'data'])
    .where('user_id', '=', user.id)
    .where('kind', '=', 'team.needs_attention')
    .orderBy('id')
    .execute();
}

describe('team.needs_attention, once per cause', () => {
  let coach: SignedUpUser;
  let admin: SignedUpUser;
  let member: SignedUpUser;
  let team: TeamDto;
  const runAttention = () => attentionJob({ db: t.db.kysely, readRows })();

  beforeAll(async () => {
    [coach, admin, member] = (await Promise.all(
      ['Cora', 'Abe', 'Mo'].map((first_name) => buildUser(t, { first_name, last_name: 'Lead' })),
    )) as [SignedUpUser, SignedUpUser, SignedUpUser];
    team = await buildTeam(t, coach, 'Falcons');
    await seatMembers(t, team.id, [
      { user: admin, role: 3 },
      { user: member, role: 4 },
    ]);
  });

  it('tells the coach once, however many runs find the cause still there', async () => {
    rowsOf.set(coach.id, [row(team, ['overdue_tasks'])]);
    expect(await runAttention()).toBe(1);
    expect(await runAttention()).toBe(0);
    const told = await attentionNotifications(coach);
    expect(told).toEqual([
      expect.objectContaining({ team_id: team.id, subject: attentionCauseId('overdue_tasks'), actor_id: coach.id }),
    ]);

    // As the bell shows it: the team, the cause's sentence, and a link to the portfolio.
    const res = await t.api('GET', 'user/notifications/unread?per_page=50', undefined, coach.token);
    const shown = res.json<{ data: NotificationDto[] }>().data.find((n) => n.kind === 'team.needs_attention')!;
    expect(shown).toMatchObject({
      team: { id: team.id, name: 'Falcons' },
      object: { kind: 'attention', id: attentionCauseId('overdue_tasks') },
      data: { url: '/portfolio', message: 'Falcons needs attention: tasks are overdue' },
    });
    expect(shown.data.message).toBe(notificationSentence(shown));
  });

  it('two runs at once (two processes) tell a new cause once', async () => {
    const other = await buildTeam(t, coach, 'Hawks');
    rowsOf.set(coach.id, [row(team, ['overdue_tasks']), row(other, ['quiet'])]);
    const runs = await Promise.all([runAttention(), runAttention()]);
    expect(runs[0] + runs[1]).toBe(1);
    expect((await attentionNotifications(coach)).filter((n) => n.team_id === other.id)).toHaveLength(1);
    rowsOf.set(coach.id, [row(team, ['overdue_tasks'])]);
    expect(await runAttention()).toBe(0);
  });

  it('a second cause is a second notification; the first is not repeated', async () => {
    rowsOf.set(coach.id, [row(team, ['overdue_tasks', 'quiet'])]);
    expect(await runAttention()).toBe(1);
    const subjects = (await attentionNotifications(coach)).filter((n) => n.team_id === team.id).map((n) => n.subject);
    expect(subjects).toEqual([attentionCauseId('overdue_tasks'), attentionCauseId('quiet')]);
  });

  it('a cause that cleared and came back is told again', async () => {
    rowsOf.set(coach.id, [row(team, ['quiet'])]); // the tasks were done
    expect(await runAttention()).toBe(0);
    rowsOf.set(coach.id, [row(team, ['quiet'])]);
    expect(await runAttention()).toBe(0);
    rowsOf.set(coach.id, [row(team, ['quiet', 'overdue_tasks'])]); // overdue again
    expect(await runAttention()).toBe(1);
    const subjects = (await attentionNotifications(coach)).filter((n) => n.team_id === team.id).map((n) => n.subject);
    expect(subjects).toEqual([
      attentionCauseId('overdue_tasks'),
      attentionCauseId('quiet'),
      attentionCauseId('overdue_tasks'),
    ]);
  });

  it('only the leads are asked and told; a lead demoted is forgotten, and told again once promoted', async () => {
    const flaggedForAll = [row(team, ['low_participation'])];
    for (const u of [admin, member]) rowsOf.set(u.id, flaggedForAll);
    asked.length = 0;
    await runAttention();
    expect(asked).toContain(admin.id);
    expect(asked).not.toContain(member.id);
    expect(await attentionNotifications(member)).toEqual([]);
    expect((await attentionNotifications(admin)).map((n) => n.subject)).toEqual([
      attentionCauseId('low_participation'),
    ]);

    const setRole = (role_id: number) =>
      t.db.kysely
        .updateTable('team_members')
        .set({ role_id })
        .where('team_id', '=', team.id)
        .where('user_id', '=', admin.id)
        .execute();
    await setRole(4);
    await runAttention();
    const flags = await t.db.kysely.selectFrom('attention_flags').select('user_id').execute();
    expect(flags.map((f) => f.user_id)).not.toContain(admin.id);
    await setRole(3);
    expect(await runAttention()).toBe(1);
    expect(await attentionNotifications(admin)).toHaveLength(2);
  });
});

describe('the weekly digest', () => {
  let mailer: Mailer;
  const runDigest = (at: string) =>
    digestJob({
      db: t.db.kysely,
      mailer,
      publicUrl: 'https://rally.example',
      readRows,
      readDigestSettings,
      now: () => new Date(at),
    })();

  /** A coach leading `teams` (named), in `timezone`, their rows as `rows` builds them. */
  async function coachWith(timezone: string | null, names: string[]) {
    const coach = await buildUser(t, { first_name: 'Dee', last_name: 'Gest' });
    const teams = [];
    for (const name of names) teams.push(await buildTeam(t, coach, name));
    if (timezone)
      await t.db.kysely
        .insertInto('profiles')
        .values({ user_id: coach.id, timezone, updated_at: new Date().toISOString() })
        .execute();
    return { coach, teams };
  }
  const digestsTo = async (user: SignedUpUser) =>
    (await mailsTo(t, user.email)).filter((m) => m.subject === PortfolioMessages.digestSubject);

  beforeAll(() => {
    mailer = createMailer({
      db: t.db.kysely,
      queue: new WorkQueue({ db: t.db.kysely, dialect: t.db.dialect, log: t.app.log }),
      log: t.app.log,
      from: 'Rally <rally@example.test>',
    });
  });
  afterAll(() => mailer.close());

  it('goes on Monday at 08:00 in the coach’s time zone by default, not before, and once that week', async () => {
    const { coach, teams } = await coachWith('America/New_York', ['Owls']);
    rowsOf.set(coach.id, [row(teams[0]!)]);
    // Monday 30 November 2026: 08:00 in New York is 13:00 UTC.
    await runDigest('2026-11-30T08:30:00Z'); // 03:30 there
    await runDigest('2026-11-30T12:59:00Z');
    await runDigest('2026-11-29T13:30:00Z'); // Sunday
    expect(await digestsTo(coach)).toHaveLength(0);
    await runDigest('2026-11-30T13:00:00Z');
    await runDigest('2026-11-30T13:15:00Z');
    await runDigest('2026-12-01T04:59:00Z'); // still Monday evening there
    expect(await digestsTo(coach)).toHaveLength(1);
    await runDigest('2026-12-07T13:05:00Z'); // the next Monday
    expect(await digestsTo(coach)).toHaveLength(2);
    const weeks = await t.db.kysely
      .selectFrom('portfolio_digests')
      .select('week')
      .where('user_id', '=', coach.id)
      .orderBy('week')
      .execute();
    expect(weeks.map((w) => w.week)).toEqual(['2026-W49', '2026-W50']);
  });

  it('two processes at once queue one digest', async () => {
    const { coach, teams } = await coachWith(null, ['Twins']);
    rowsOf.set(coach.id, [row(teams[0]!)]);
    const at = '2026-11-30T08:00:00Z';
    await Promise.all([runDigest(at), runDigest(at)]);
    expect(await digestsTo(coach)).toHaveLength(1);
  });

  it('goes on the chosen day and hour, and never when the coach opted out', async () => {
    const chosen = await coachWith('Asia/Tokyo', ['Herons']);
    const out = await coachWith(null, ['Ravens']);
    rowsOf.set(chosen.coach.id, [row(chosen.teams[0]!)]);
    rowsOf.set(out.coach.id, [row(out.teams[0]!)]);
    settings.push(
      { user_id: chosen.coach.id, digest_enabled: 1, digest_day: 3, digest_hour: 17 },
      { user_id: out.coach.id, digest_enabled: 0, digest_day: 1, digest_hour: 8 },
    );
    // Wednesday 2 December 2026, 17:00 in Tokyo is 08:00 UTC.
    await runDigest('2026-11-30T13:00:00Z'); // the default Monday: not theirs
    await runDigest('2026-12-02T07:59:00Z');
    expect(await digestsTo(chosen.coach)).toHaveLength(0);
    await runDigest('2026-12-02T08:00:00Z');
    expect(await digestsTo(chosen.coach)).toHaveLength(1);
    for (const at of ['2026-11-30T08:00:00Z', '2026-11-30T20:00:00Z', '2026-12-07T09:00:00Z']) await runDigest(at);
    expect(await digestsTo(out.coach)).toHaveLength(0);
  });

  it('lists the flagged teams first with why, keeps the floor, escapes names and links to the portfolio and Settings', async () => {
    const { coach, teams } = await coachWith(null, ['Calm <b>Crew</b> & "Co"', 'Stormy', 'Tiny']);
    const [calm, stormy, tiny] = teams as [TeamDto, TeamDto, TeamDto];
    rowsOf.set(coach.id, [
      row(calm, [], { happiness: { meter: 72.4, trend: 5 } }),
      row(stormy, ['happiness_drop', 'overdue_tasks'], { happiness: { meter: 58, trend: -12 } }),
      // Two people answered: under the floor, no meter and no trend.
      row(tiny, [], { happiness: { meter: null, trend: null }, checkin_response_rate: null, last_activity_at: null }),
    ]);
    await runDigest('2026-11-30T09:00:00Z'); // Monday 09:00 UTC (no time zone)
    const [mail] = await digestsTo(coach);
    expect(mail).toBeDefined();
    const text = mail!.text_body;
    const html = mail!.html_body!;

    expect(text).toContain('Hi Dee,');
    expect(text.indexOf('"Stormy"')).toBeLessThan(text.indexOf('"Calm'));
    expect(text).toContain('  Why: Happiness fell 12 points, from 70% to 58% and 2 tasks are overdue.');
    expect(text).toContain('  Happiness: 58% (−12 points)');
    expect(text).toContain('  Happiness: 72% (+5 points)');
    expect(text).toContain('  Tasks: 4 open, 2 overdue');
    expect(text).toContain('  Last activity: 27 Nov 2026');
    const tinyPart = text.slice(text.indexOf('"Tiny"'), text.indexOf('Open your portfolio'));
    expect(tinyPart).toContain('  Happiness: Fewer than 3 answers\n');
    expect(tinyPart).toContain('  Check-in responses: No check-ins asked');
    expect(tinyPart).toContain('  Last activity: None yet');
    expect(tinyPart).not.toMatch(/Happiness: .*\d+%/);
    expect(text).toContain('Open your portfolio: https://rally.example/portfolio');
    expect(text).toContain('go to Settings: https://rally.example/settings');

    expect(html).toContain('Calm &lt;b&gt;Crew&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(html).not.toContain('<b>Crew</b>');
    expect(html.indexOf('Stormy')).toBeLessThan(html.indexOf('Calm'));
    expect(html).toContain('href="https://rally.example/settings"');
    expect(html).toContain('href="https://rally.example/portfolio"');
    expect(html).toContain('Fewer than 3 answers');
  });

  it('the last activity is the coach’s calendar day', async () => {
    const { coach, teams } = await coachWith('Pacific/Auckland', ['Kiwis']);
    rowsOf.set(coach.id, [row(teams[0]!)]); // 23:30 UTC on the 27th is the 28th in Auckland
    await runDigest('2026-11-29T20:00:00Z'); // Monday 09:00 in Auckland
    const [mail] = await digestsTo(coach);
    expect(mail!.text_body).toContain('  Last activity: 28 Nov 2026');
  });

  it('no rows, no mail (nothing of theirs to show)', async () => {
    const { coach } = await coachWith(null, ['Empty']);
    await runDigest('2026-11-30T10:00:00Z');
    expect(await digestsTo(coach)).toHaveLength(0);
  });
});

describe('isoWeekOf', () => {
  it.each([
    ['2026-11-30T00:00:00Z', '2026-W49'],
    ['2026-12-06T23:59:00Z', '2026-W49'],
    ['2027-01-01T12:00:00Z', '2026-W53'], // a Friday: still 2026's last week
    ['2027-01-04T00:00:00Z', '2027-W01'],
    ['2025-12-29T00:00:00Z', '2026-W01'], // a Monday in December: 2026's first week
  ])('%s is %s', (at, week) => {
    expect(isoWeekOf(new Date(at))).toBe(week);
  });
});

describe('the jobs on the real read model, as app.ts wires them', () => {
  it('one who leads only a personal team is no coach of the jobs: the round goes on for the others', async () => {
    const loner = await buildUser(t, { first_name: 'Solo' });
    await createTeam(t.db.kysely, new TeamsRepository(t.db.kysely), loner.id, 'My notes', true, Role.Owner);
    const coach = await buildUser(t, { first_name: 'Cora' });
    const team = await buildTeam(t, coach, 'Quiet Quarter');
    await t.db.kysely
      .updateTable('teams')
      .set({ created_at: new Date(Date.now() - 40 * 24 * 3600_000).toISOString() })
      .where('id', '=', team.id)
      .execute();
    const portfolio = new PortfolioService({
      db: t.db.kysely,
      repo: new PortfolioRepository(t.db.kysely),
      urlOf: (key) => key,
    });
    await attentionJob({ db: t.db.kysely, readRows: (id) => portfolio.recentRows(id) })();
    expect((await attentionNotifications(coach)).map((n) => n.subject)).toContain(attentionCauseId('quiet'));
    expect(await attentionNotifications(loner)).toEqual([]);
  });

  it('a team gone quiet is told once, and the digest carries its reason and the team figures', async () => {
    const coach = await buildUser(t, { first_name: 'Rhea', last_name: 'Real' });
    const team = await buildTeam(t, coach, 'Silent Squad');
    const people = await Promise.all([buildUser(t), buildUser(t), buildUser(t)]);
    await seatMembers(
      t,
      team.id,
      people.map((user) => ({ user, role: 4 as const })),
    );
    // Started 40 days ago; nothing but its welcome since.
    await t.db.kysely
      .updateTable('teams')
      .set({ created_at: new Date(Date.now() - 40 * 24 * 3600_000).toISOString() })
      .where('id', '=', team.id)
      .execute();
    const portfolio = new PortfolioService({
      db: t.db.kysely,
      repo: new PortfolioRepository(t.db.kysely),
      urlOf: (key) => key,
    });
    const realRows = (userId: number) => portfolio.recentRows(userId);

    const runReal = () => attentionJob({ db: t.db.kysely, readRows: realRows })();
    await runReal();
    await runReal();
    const told = await attentionNotifications(coach);
    expect(told.map((n) => n.subject)).toContain(attentionCauseId('quiet'));
    expect(told.filter((n) => n.subject === attentionCauseId('quiet'))).toHaveLength(1);

    const mailer = createMailer({
      db: t.db.kysely,
      queue: new WorkQueue({ db: t.db.kysely, dialect: t.db.dialect, log: t.app.log }),
      log: t.app.log,
      from: 'Rally <rally@example.test>',
    });
    try {
      // A Monday at 09:00 UTC: the default day and hour have come.
      const monday = new Date();
      monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
      monday.setUTCHours(9, 0, 0, 0);
      await digestJob({
        db: t.db.kysely,
        mailer,
        publicUrl: 'https://rally.example',
        readRows: realRows,
        readDigestSettings: (ids) => new PortfolioRepository(t.db.kysely).digestSettings(ids),
        now: () => monday,
      })();
    } finally {
      mailer.close();
    }
    const [mail] = (await mailsTo(t, coach.email)).filter((m) => m.subject === PortfolioMessages.digestSubject);
    expect(mail?.text_body).toContain('Silent Squad');
    expect(mail?.text_body).toMatch(/No post or check-in answer for \d+ days/);
  });
});
