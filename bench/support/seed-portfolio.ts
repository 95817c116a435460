/**
 * Fills a fresh SQLite database for the portfolio benchmark (issue 26): one coach who owns
 * BENCH_TEAMS teams (50) of BENCH_MEMBERS members (20, the coach included), and a year of their
 * activity. A child process of bench/portfolio-bench.ts; prints one JSON line (PortfolioSeedResult).
 *
 * The schema is the app's own (`migrateToLatest`), the coach's bearer token is made and stored by
 * its own code. The bulk rows go straight through better-sqlite3 in one transaction, with the
 * counts the modules keep as they write (the check-ins' and prompts' answers, the teams' posts);
 * then the portfolio's rollups are filled from those rows by the portfolio's own `refillRollups`
 * (what its writers keep one write at a time, ADR 0038).
 *
 * Per team and day of the last 365: 5 posts, 10 reactions and 4 comments by random members; a
 * check-in every 3.5 days answered by 14 of the 19 others; a team video and a slideshow a month
 * with 12 answers each; 100 tasks, 80 of them completed, the open ones due within ±30 days.
 * Per team a year is ~1 800 posts, 3 650 reactions, 1 460 comments, 1 460 check-in answers.
 */
import SQLite from 'better-sqlite3';
import { sqliteFileIn } from '../../apps/server/src/config.js';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database.js';
import { DAY } from '../../apps/server/src/lib/clock.js';
import { AuthRepository } from '../../apps/server/src/modules/auth/repository.js';
import { hashPassword, hashToken, newBearerToken } from '../../apps/server/src/modules/auth/secrets.js';
import { refillRollups } from '../../apps/server/src/modules/portfolio/rollups.js';

export interface PortfolioSeedRequest {
  dataDir: string;
  teams: number;
  members: number;
  days: number;
}
export interface PortfolioSeedResult {
  token: string;
  counts: Record<string, number>;
  seconds: number;
}

/** A small seeded PRNG (mulberry32): the same data every run. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main(): Promise<void> {
  const req = JSON.parse(process.argv[2]!) as PortfolioSeedRequest;
  const started = Date.now();
  const file = sqliteFileIn(req.dataDir);
  const db = openDatabase({ sqliteFile: file });
  await migrateToLatest(db.kysely);
  await db.kysely.destroy();

  const rand = prng(26);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const now = Date.now();
  const iso = (t: number) => new Date(t).toISOString();
  const start = now - req.days * DAY;
  const password = await hashPassword('bench-pass');
  const counts: Record<string, number> = {};
  const count = (table: string) => (counts[table] = (counts[table] ?? 0) + 1);

  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  const ins = (sql: string) => sqlite.prepare(sql);
  const user = ins(
    `insert into users (id, first_name, last_name, email, password_hash, avatar, email_verified_at, created_at, updated_at)
     values (?, ?, 'Bench', ?, ?, null, ?, ?, ?)`,
  );
  const team = ins(
    `insert into teams (id, name, avatar, owner_id, is_personal, level_of_engagement_id, created_at, updated_at)
     values (?, ?, null, 1, 0, 1, ?, ?)`,
  );
  const member = ins(
    `insert into team_members (team_id, user_id, role_id, read_welcome_message, joined_at) values (?, ?, ?, 1, ?)`,
  );
  const post = ins(
    `insert into posts (team_id, user_id, type_id, text, color_id, media_key, media_type_id, extra, original_user_id,
       original_team_id, created_at) values (?, ?, ?, 'A post of the bench', null, null, null, null, null, null, ?)`,
  );
  const reaction = ins(
    `insert or ignore into reactions (post_id, task_id, user_id, buzz_type_id, created_at) values (?, null, ?, 7, ?)`,
  );
  const comment = ins(
    `insert into comments (post_id, task_id, user_id, content, media_key, media_type_id, created_at)
     values (?, null, ?, 'Nice', null, 1, ?)`,
  );
  const checkin = ins(
    `insert into checkins (team_id, user_id, post_id, members_count, created_at) values (?, 1, ?, ?, ?)`,
  );
  const answer = ins(
    `insert into checkin_responses (checkin_id, team_id, user_id, mood_id, score, is_private, post_id, created_at)
     values (?, ?, ?, ?, ?, 1, null, ?)`,
  );
  const prompt = ins(
    `insert into prompts (team_id, post_id, kind, user_id, topic, content, media_key, published_at, created_at)
     values (?, ?, ?, 1, 'Show us your desk', null, null, null, ?)`,
  );
  const promptAnswer = ins(
    `insert into prompt_responses (prompt_id, user_id, media_key, media_type, caption, position, hidden_at, hidden_by,
       created_at) values (?, ?, ?, ?, null, 0, null, null, ?)`,
  );
  const checkinCount = ins(`update checkins set responses_count = ? where id = ?`);
  const promptCount = ins(`update prompts set answers_count = ? where id = ?`);
  const list = ins(`insert into todo_lists (team_id, user_id, name, created_at) values (?, 1, 'Actions', ?)`);
  const task = ins(
    `insert into todo_tasks (todo_list_id, team_id, user_id, description, priority, due_date, media_key, media_type_id,
       status_id, completed_by, completed_at, created_at) values (?, ?, 1, 'Follow up', null, ?, null, null, ?, null, null, ?)`,
  );
  const moods = [
    [1, 100],
    [2, 90],
    [3, 70],
    [4, 50],
    [5, 30],
    [6, 10],
  ] as const;

  sqlite.transaction(() => {
    const created = iso(start - DAY);
    user.run(1, 'Coach', 'coach@bench.test', password, created, created, created);
    let nextUser = 2;
    for (let t = 1; t <= req.teams; t++) {
      team.run(t, `Team ${String(t).padStart(2, '0')}`, created, created);
      member.run(t, 1, 2, created);
      const people = [1];
      for (let m = 1; m < req.members; m++) {
        const id = nextUser++;
        user.run(id, `Member${id}`, `m${id}@bench.test`, password, created, created, created);
        member.run(t, id, 4, created);
        people.push(id);
      }
      const others = people.slice(1);
      const at = (day: number) => start + day * DAY + Math.floor(rand() * DAY);
      for (let d = 0; d < req.days; d++) {
        const posts: number[] = [];
        for (let i = 0; i < 5; i++) {
          posts.push(Number(post.run(t, pick(people), 1, iso(at(d))).lastInsertRowid));
          count('posts');
        }
        for (let i = 0; i < 10; i++)
          if (reaction.run(pick(posts), pick(people), iso(at(d))).changes) count('reactions');
        for (let i = 0; i < 4; i++) {
          comment.run(pick(posts), pick(people), iso(at(d)));
          count('comments');
        }
        if (d % 7 === 0 || d % 7 === 3) {
          const when = at(d);
          const p = Number(post.run(t, 1, 4, iso(when)).lastInsertRowid);
          const c = Number(checkin.run(t, p, others.length, iso(when)).lastInsertRowid);
          count('checkins');
          const answering = [...others].sort(() => rand() - 0.5).slice(0, 14);
          for (const who of answering) {
            const [mood, score] = pick(moods);
            answer.run(c, t, who, mood, score, iso(when + Math.floor(rand() * 6 * 3600_000)));
            count('checkin_responses');
          }
          checkinCount.run(answering.length, c);
        }
        if (d % 30 === 5 || d % 30 === 20) {
          const kind = d % 30 === 5 ? 'video' : 'slideshow';
          const when = at(d);
          const p = Number(post.run(t, 1, kind === 'video' ? 6 : 11, iso(when)).lastInsertRowid);
          const pr = Number(prompt.run(t, p, kind, iso(when)).lastInsertRowid);
          count('prompts');
          const answering = others.slice(0, 12);
          for (const who of answering) {
            promptAnswer.run(pr, who, `bench/${pr}/${who}`, kind === 'video' ? 'video' : 'photo', iso(when + 3600_000));
            count('prompt_responses');
          }
          promptCount.run(answering.length, pr);
        }
      }
      const l = Number(list.run(t, created).lastInsertRowid);
      for (let i = 0; i < 100; i++) {
        const due = iso(now + Math.floor((rand() * 60 - 30) * DAY)).slice(0, 10);
        task.run(l, t, due, i < 80 ? 2 : 1, created);
        count('todo_tasks');
      }
    }
    sqlite.exec(`insert into team_post_counts (team_id, type_id, posts_count)
                 select team_id, type_id, count(*) from posts group by team_id, type_id`);
  })();
  sqlite.pragma('optimize');
  sqlite.close();

  const app = openDatabase({ sqliteFile: file });
  const teams = Array.from({ length: req.teams }, (_, i) => i + 1);
  await app.kysely.transaction().execute((trx) => refillRollups(trx, teams));
  const token = newBearerToken();
  await new AuthRepository(app.kysely).insertToken(1, hashToken(token));
  await app.kysely.destroy();
  const result: PortfolioSeedResult = { token, counts, seconds: Math.round((Date.now() - started) / 1000) };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
