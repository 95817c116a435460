import path from 'node:path';
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
import { DESKTOP, PHONE, shots } from './support/screens.js';

/** Where the screenshots of the flagged portfolio go, to look at. */
const SHOTS = '/tmp/shots26';

/**
 * Issue 26 in the browser: a coach with three teams, one of which went quiet and sad, sees it
 * flagged with its reason, sorts and filters, and opens it. The teams and members come through
 * the API; their history is back-dated rows written straight into the server's SQLite
 * (harness: E2E_DATA_DIR), as the check-ins module writes them: inserts fire the portfolio's
 * rollup triggers (ADR 0036), which is how the page reads them.
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

/**
 * A check-in `daysAgo` days back (its post, its row) answered privately by `answers`, each a
 * minute later: what CheckinsService.request and .answer write, at another time.
 */
function pastCheckin(
  teamId: number,
  coach: ApiUser,
  daysAgo: number,
  answers: { user: ApiUser; moodId: number }[],
): void {
  withDb((db) =>
    db.transaction(() => {
      const at = Date.now() - daysAgo * DAY - 3_600_000; // an hour more: `daysAgo` whole days
      const iso = (ms: number) => new Date(ms).toISOString();
      const post = db
        .prepare(
          `insert into posts (team_id, user_id, type_id, text, color_id, media_key, media_type_id, extra,
             original_user_id, original_team_id, created_at)
           values (?, ?, ?, ?, null, null, null, null, null, null, ?)`,
        )
        .run(teamId, coach.id, PostType.checkin, 'How is everyone feeling today?', iso(at));
      const checkin = db
        .prepare('insert into checkins (team_id, user_id, post_id, members_count, created_at) values (?, ?, ?, ?, ?)')
        .run(teamId, coach.id, post.lastInsertRowid, answers.length, iso(at));
      db.prepare('update posts set extra = ? where id = ?').run(
        JSON.stringify({ checkin_id: Number(checkin.lastInsertRowid) }),
        post.lastInsertRowid,
      );
      answers.forEach(({ user, moodId }, i) =>
        db
          .prepare(
            `insert into checkin_responses (checkin_id, team_id, user_id, mood_id, score, is_private, post_id, created_at)
             values (?, ?, ?, ?, ?, 1, null, ?)`,
          )
          .run(checkin.lastInsertRowid, teamId, user.id, moodId, moodById(moodId)!.score, iso(at + (i + 1) * 60_000)),
      );
    })(),
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
  pastCheckin(
    sad.id,
    coach,
    45,
    members.map((user) => ({ user, moodId: HAPPY.id })),
  );
  pastCheckin(
    sad.id,
    coach,
    10,
    members.map((user, i) => ({ user, moodId: SAD_MOODS[i]!.id })),
  );
  for (const team of [alpha, gamma]) {
    pastCheckin(
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
