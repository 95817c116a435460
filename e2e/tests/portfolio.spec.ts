import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { attentionSentence, moodById, PostType } from '@rally/contract';
import Database from 'better-sqlite3';
import {
  addMember,
  createTeam,
  createTextPost,
  openSignedIn,
  runSuffix,
  signUp,
  type ApiUser,
} from './support/api-setup.js';
import { repoRoot } from '../harness/app-server.js';
import { DESKTOP, PHONE, shots } from './support/screens.js';

/** Where the screenshots of the flagged portfolio go, to look at. */
const SHOTS = '/tmp/shots26';

/**
 * Issue 26 in the browser: a coach with three teams, one of which went quiet and sad, sees it
 * flagged with its reason, sorts and filters, and opens it. The teams and members come through
 * the API; their history is back-dated rows written into the server's SQLite (harness:
 * E2E_DATA_DIR) by the built server's own check-ins repository, which keeps the portfolio's
 * rollups with them (ADR 0036, 0038): that is how the page reads them.
 */

// Eight sign-ups, three teams and a dozen screens: more than the default 60 s on a busy machine.
test.describe.configure({ timeout: 120_000 });

const DAY = 86_400_000;
const HAPPY = moodById(1)!; // 100
const SAD_MOODS = [moodById(6)!, moodById(5)!, moodById(4)!]; // 0, 20, 40: a mean of 20

interface World {
  coach: ApiUser;
  sad: { id: number; name: string };
  happy: { id: number; name: string }[];
}

const withDb = <T>(work: (db: Database.Database) => T): T => {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts');
  const db = new Database(path.join(dataDir, 'data', 'rally.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    return work(db);
  } finally {
    db.close();
  }
};

/** What the built server's check-ins repository writes with (the harness runs that build). */
interface CheckinWrites {
  insertPost(
    trx: unknown,
    post: { team_id: number; user_id: number; type_id: number; text: string | null; created_at: string },
  ): Promise<number>;
  insertCheckin(
    trx: unknown,
    row: { team_id: number; user_id: number; post_id: number; members_count: number; created_at: string },
  ): Promise<number>;
  setPostExtra(trx: unknown, postId: number, extra: object): Promise<void>;
  insertResponse(
    trx: unknown,
    row: {
      checkin_id: number;
      team_id: number;
      user_id: number;
      mood_id: number;
      score: number;
      is_private: number;
      created_at: string;
    },
  ): Promise<number>;
}
interface ServerDb {
  kysely: { transaction(): { execute<T>(work: (trx: unknown) => Promise<T>): Promise<T> }; destroy(): Promise<void> };
}

/** The server's SQLite through the built server's own code, for `work`; closed after. */
async function withServerCode<T>(work: (db: ServerDb, checkins: CheckinWrites) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through e2e/playwright.config.ts');
  const dist = (file: string) => pathToFileURL(path.join(repoRoot, 'apps/server/dist', file)).href;
  const { openDatabase } = (await import(dist('db/database.js'))) as {
    openDatabase: (o: { sqliteFile: string }) => ServerDb;
  };
  const { CheckinsRepository } = (await import(dist('modules/checkins/repository.js'))) as {
    CheckinsRepository: new (db: unknown) => CheckinWrites;
  };
  const db = openDatabase({ sqliteFile: path.join(dataDir, 'data', 'rally.sqlite') });
  try {
    return await work(db, new CheckinsRepository(db.kysely));
  } finally {
    await db.kysely.destroy();
  }
}

/**
 * A check-in `daysAgo` days back (its post, its row) answered privately by `answers`, each a
 * minute later: what CheckinsService.request and .answer write, at another time, through the
 * check-ins repository (which keeps the counts and the portfolio's rollups with them, ADR 0038).
 */
function pastCheckin(
  teamId: number,
  coach: ApiUser,
  daysAgo: number,
  answers: { user: ApiUser; moodId: number }[],
): Promise<void> {
  return withServerCode((db, checkins) =>
    db.kysely.transaction().execute(async (trx) => {
      const at = Date.now() - daysAgo * DAY - 3_600_000; // an hour more: `daysAgo` whole days
      const iso = (ms: number) => new Date(ms).toISOString();
      const post = await checkins.insertPost(trx, {
        team_id: teamId,
        user_id: coach.id,
        type_id: PostType.checkin,
        text: 'How is everyone feeling today?',
        created_at: iso(at),
      });
      const checkin = await checkins.insertCheckin(trx, {
        team_id: teamId,
        user_id: coach.id,
        post_id: post,
        members_count: answers.length,
        created_at: iso(at),
      });
      await checkins.setPostExtra(trx, post, { checkin_id: checkin });
      for (const [i, { user, moodId }] of answers.entries())
        await checkins.insertResponse(trx, {
          checkin_id: checkin,
          team_id: teamId,
          user_id: user.id,
          mood_id: moodId,
          score: moodById(moodId)!.score,
          is_private: 1,
          created_at: iso(at + (i + 1) * 60_000),
        });
    }),
  );
}

/** The team started `daysAgo` days back (read as is by the quiet rule; no rollup holds it). */
function startedDaysAgo(teamId: number, daysAgo: number): void {
  withDb((db) =>
    db
      .prepare('update teams set created_at = ? where id = ?')
      .run(new Date(Date.now() - daysAgo * DAY).toISOString(), teamId),
  );
}

async function makeWorld(request: Parameters<typeof signUp>[0]): Promise<World> {
  const run = runSuffix();
  const coach = await signUp(request, 'Petra', 'Portfolio');
  const members = [await signUp(request, 'Ana', 'One'), await signUp(request, 'Ben', 'Two')];
  members.push(await signUp(request, 'Cy', 'Three'));
  // Names sort the sad team between the happy ones, so sorting by happiness moves it.
  const [alpha, sad, gamma] = [
    await createTeam(request, coach, `Alpha ${run}`),
    await createTeam(request, coach, `Beta ${run}`),
    await createTeam(request, coach, `Gamma ${run}`),
  ];
  for (const team of [alpha, sad, gamma]) for (const m of members) await addMember(request, coach, team.id, m);

  startedDaysAgo(sad.id, 60);
  await pastCheckin(
    sad.id,
    coach,
    45,
    members.map((user) => ({ user, moodId: HAPPY.id })),
  );
  await pastCheckin(
    sad.id,
    coach,
    10,
    members.map((user, i) => ({ user, moodId: SAD_MOODS[i]!.id })),
  );
  for (const team of [alpha, gamma]) {
    await pastCheckin(
      team.id,
      coach,
      2,
      members.map((user) => ({ user, moodId: HAPPY.id })),
    );
    await createTextPost(request, coach, team.id, 'A good week: the demo went well.');
  }
  return { coach, sad, happy: [alpha, gamma] };
}

// The two tests share one world (sign-ups are rate-limited); a worker that restarts makes another.
let world: Promise<World> | undefined;
const worldFor = (request: Parameters<typeof signUp>[0]) => (world ??= makeWorld(request));

const mean = (scores: number[]) => Math.round(scores.reduce((a, b) => a + b, 0) / scores.length);
const BEFORE = HAPPY.score;
const AFTER = mean(SAD_MOODS.map((m) => m.score));
/** The sad team's reasons with 30 Days: happiness fell against the 30 days before, and 10 quiet days. */
const FLAG_30 = attentionSentence([
  { cause: 'happiness_drop', value: BEFORE - AFTER, threshold: 10, from: BEFORE, to: AFTER },
  { cause: 'quiet', value: 10, threshold: 7 },
])!;
/** With 90 Days the 90 before hold no answer: no trend, so quiet alone. */
const FLAG_90 = attentionSentence([{ cause: 'quiet', value: 10, threshold: 7 }])!;

async function choosePeriod(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: label }).click();
}

async function openPortfolioFromNavigation(page: Page, phone: boolean): Promise<void> {
  // The top bar's links on a desktop, the side drawer's on a phone.
  if (phone) await page.getByRole('button', { name: 'Open navigation' }).click();
  const nav = page.getByRole('navigation', { name: phone ? 'Main navigation' : 'Top navigation' });
  await nav.getByRole('link', { name: 'Portfolio' }).click();
  await expect(page).toHaveURL(/\/portfolio$/);
  await expect(page.getByRole('heading', { name: 'Portfolio' })).toBeVisible();
}

const noSidewaysScroll = async (page: Page, what: string) =>
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    `${what} scrolls sideways`,
  ).toBeLessThanOrEqual(0);

test('a coach sees the quiet, sad team flagged with its reason, sorts, filters and opens it (desktop)', async ({
  page,
  request,
}, testInfo) => {
  const { coach, sad, happy } = await worldFor(request);
  await page.setViewportSize(DESKTOP);
  await openSignedIn(page, coach, '/engagements');
  await openPortfolioFromNavigation(page, false);

  const table = page.getByRole('table', { name: 'Teams you lead' });
  const rows = table.locator('tbody tr');
  const names = () => rows.locator('td:first-child a').allTextContents();
  await expect(rows).toHaveCount(3);
  expect(await names()).toEqual([happy[0]!.name, sad.name, happy[1]!.name]);
  const sadRow = rows.filter({ hasText: sad.name });

  // 90 Days: the 90 before hold no answer, so no trend: only the quiet is said.
  await choosePeriod(page, '90 Days');
  await expect(page).toHaveURL(/period=90/);
  await expect(sadRow).toContainText(FLAG_90);
  await expect(sadRow).not.toContainText('Happiness fell');
  // 30 Days (the page's own): the happy answers 45 days ago are the previous period's.
  await choosePeriod(page, '30 Days');
  await expect(sadRow).toContainText(FLAG_30);
  await expect(sadRow).toContainText('Needs attention');
  await expect(sadRow.getByRole('cell').nth(1)).toContainText(`${AFTER}%`);
  for (const team of happy) await expect(rows.filter({ hasText: team.name })).not.toContainText('Needs attention');
  await noSidewaysScroll(page, '/portfolio at 1366 px');
  // Nor does the table in its box: the last column (the sparkline) is seen whole.
  expect(
    await page.locator('.MuiTableContainer-root').evaluate((el) => el.scrollWidth - el.clientWidth),
    'the table scrolls sideways in its box',
  ).toBeLessThanOrEqual(0);
  await shots(page, testInfo, 'portfolio-flagged', { dir: SHOTS });
  await page.setViewportSize(DESKTOP);

  // Sorting by happiness, lowest first, then highest first.
  const happinessHeader = table.getByRole('columnheader', { name: 'Happiness' });
  await expect(happinessHeader).not.toHaveAttribute('aria-sort');
  await expect(table.getByRole('columnheader', { name: 'Team' })).toHaveAttribute('aria-sort', 'ascending');
  await happinessHeader.getByRole('button').click();
  await expect(happinessHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(names).toEqual([sad.name, happy[0]!.name, happy[1]!.name]);
  await happinessHeader.getByRole('button').click();
  await expect(happinessHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(names).toEqual([happy[0]!.name, happy[1]!.name, sad.name]);
  await expect(page).toHaveURL(/sort=happiness&dir=desc/);

  // Only the flagged team is left with the filter on.
  // The switch follows the address (?attention=1): clicked, then checked once the URL changed.
  const filter = page.getByRole('switch', { name: 'Needs attention (1)' });
  await filter.click();
  await expect(filter).toBeChecked();
  await expect(rows).toHaveCount(1);
  expect(await names()).toEqual([sad.name]);
  await expect(page).toHaveURL(/attention=1/);

  // Its name opens its timeline; going back finds the portfolio as it was left.
  await sadRow.getByRole('link', { name: sad.name }).click();
  await expect(page).toHaveURL(new RegExp(`/engagements/${sad.id}/timeline$`));
  await expect(page.getByRole('article').filter({ hasText: 'How is everyone feeling today?' }).first()).toBeVisible();
  await page.goBack();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('switch', { name: 'Needs attention (1)' })).toBeChecked();
});

test('on a phone the teams are cards, flagged with the reason, sorted, filtered and opened', async ({
  page,
  request,
}) => {
  const { coach, sad, happy } = await worldFor(request);
  await page.setViewportSize(PHONE);
  await openSignedIn(page, coach, '/engagements');
  await openPortfolioFromNavigation(page, true);

  const cards = page.getByRole('main').getByRole('article');
  const names = () => cards.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
  await expect(cards).toHaveCount(3);
  const sadCard = page.getByRole('article', { name: sad.name });
  await expect(sadCard).toContainText(FLAG_30);
  await expect(sadCard).toContainText('Needs attention');
  await noSidewaysScroll(page, '/portfolio at 390 px');

  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Happiness' }).click();
  await expect.poll(names).toEqual([sad.name, happy[0]!.name, happy[1]!.name]);
  await page.getByRole('combobox', { name: 'Order' }).click();
  await page.getByRole('option', { name: 'Descending' }).click();
  await expect.poll(names).toEqual([happy[0]!.name, happy[1]!.name, sad.name]);

  const filter = page.getByRole('switch', { name: 'Needs attention (1)' });
  await filter.click();
  await expect(filter).toBeChecked();
  await expect(cards).toHaveCount(1);
  await noSidewaysScroll(page, '/portfolio filtered at 390 px');

  // A tap on the card (not only its name) opens the team.
  await sadCard.getByText('Participation').click();
  await expect(page).toHaveURL(new RegExp(`/engagements/${sad.id}/timeline$`));
});
