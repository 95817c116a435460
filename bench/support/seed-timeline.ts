/**
 * Fills a fresh database for the timeline benchmark (issue 8): 1 000 users in 50 teams of 20,
 * 100 000 posts, 700 000 reactions and 300 000 comments (the last three times BENCH_SCALE). A
 * child process of bench/timeline-bench.ts; prints one JSON line (TimelineSeedResult).
 *
 *   node --conditions=source --import tsx bench/support/seed-timeline.ts '<json TimelineSeedRequest>'
 *
 * The schema is the app's own: its migrations run first (`migrateToLatest`), and the bearer
 * tokens are made and stored by its own code (`newBearerToken`, `hashToken`,
 * `AuthRepository.insertToken`), as bench/support/seed.ts does. The bulk rows do not go through
 * the repositories (a million single-row inserts through Kysely would take many minutes) but
 * through each database's bulk path, in one transaction:
 *  - SQLite: better-sqlite3 directly on the file the server opens, one prepared INSERT per table;
 *  - PostgreSQL: multi-row `INSERT … OVERRIDING SYSTEM VALUE SELECT * FROM unnest($1::int[], …)`,
 *    10 000 rows a statement, then the identity sequences moved past the ids written and
 *    `VACUUM ANALYZE` (what autovacuum would have done within minutes of such a load).
 * Both databases get exactly the same rows (one seeded PRNG, ids written explicitly), so the
 * two runs measure the same data.
 *
 * The data:
 *  - team t (1..50) has members with user ids (t-1)*20+1 … t*20: the first is its owner (role 2)
 *    with the Coach plan (Premium, trialing with the trial running, or active with a card: so
 *    they lead and may do what a coach does), the second an admin (3), the rest members (4) on
 *    the Member plan (the app's `subscriptionValues`);
 *  - every team's first post is its welcome message (type 2, by the owner, the app's text);
 *  - teams 1..BIG_TEAMS are big: 10 000 posts each (×scale), so page 500 of 20 exists; the other
 *    posts are spread evenly over the other teams; teams interleave in time (ids shuffled);
 *  - post types: text (1) 70 %, a fifth of them coloured; celebration (8) 15 %, coloured, 1–3
 *    tagged members; bright idea (9) 15 %, coloured; authors are random members of the team;
 *  - reactions: 0–14 per post (7 on average; a few posts adjusted so the total is exact), at most
 *    one per member and post (distinct members of the post's team), buzz types 7–11;
 *  - comments: 0–6 per post (3 on average, adjusted to the exact total), text, by any member;
 *  - posts.buzzes_count and expressions_count equal the rows written, and team_post_counts the
 *    posts (the posts module keeps it as it writes, ADR 0038; a bulk load writes it itself);
 *    checked after the load (one correlated count each), so the benchmark never runs on
 *    inconsistent data.
 */
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { PostType, Role, PostMessages } from '@rally/contract';
import { sqliteFileIn } from '../../apps/server/src/config.js';
import { migrateToLatest, openDatabase } from '../../apps/server/src/db/database.js';
import type { Database } from '../../apps/server/src/db/schema.js';
import { DAY } from '../../apps/server/src/lib/clock.js';
import { AuthRepository } from '../../apps/server/src/modules/auth/repository.js';
import { hashPassword, hashToken, newBearerToken } from '../../apps/server/src/modules/auth/secrets.js';
import { subscriptionValues } from '../../apps/server/src/modules/billing/repository.js';

export interface TimelineSeedRequest {
  /** The server's DATABASE_URL (search_path in its options); absent: SQLite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** On PostgreSQL, the schema the URL's search_path must select (checked before writing). */
  schema?: string;
  /** Multiplies posts, reactions and comments (not users or teams); 1 = the issue's figures. */
  scale: number;
  /** Members of each big team given a bearer token for reading, and for writing. */
  readersPerBigTeam: number;
  writersPerBigTeam: number;
}

export interface Bearer {
  teamId: number;
  userId: number;
  token: string;
}

export interface TimelineSeedResult {
  readers: Bearer[];
  writers: Bearer[];
  bigTeams: number[];
  /** Posts of each big team (its welcome message included). */
  postsPerBigTeam: number;
  counts: { users: number; teams: number; posts: number; tags: number; reactions: number; comments: number };
  /** Wall-clock seconds: migrations, bulk load (one transaction), finishing (sequences, VACUUM ANALYZE, checkpoint), check. */
  seconds: { migrate: number; bulk: number; finish: number; check: number; total: number };
}

export const TEAMS = 50;
export const MEMBERS = 20;
export const USERS = TEAMS * MEMBERS;
export const BIG_TEAMS = 5;
export const BIG_TEAM_POSTS = 10_000; // page 500 of 20 posts exists
const POSTS = 100_000;
const REACTIONS = 700_000;
const COMMENTS = 300_000;
const MAX_REACTIONS_PER_POST = 14; // uniform 0..14: 7 on average
const MAX_COMMENTS_PER_POST = 6; // uniform 0..6: 3 on average

// ---------------------------------------------------------------------------------------------
// Deterministic data.

/** mulberry32: a small seeded PRNG, so both databases get the same rows. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** An integer in [lo, hi]. */
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, int };
}
type Rng = ReturnType<typeof prng>;

const WORDS =
  'team win great idea launch client sprint review ship demo feedback coffee thanks everyone progress goal week plan design release quality support customer bright together proud milestone kudos learn share focus energy growth deadline friday monday build test fix data report meeting training workshop onboarding welcome celebrate bravo'.split(
    ' ',
  );
function sentence(rng: Rng, min: number, max: number): string {
  const n = rng.int(min, max);
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(WORDS[rng.int(0, WORDS.length - 1)]!);
  const s = words.join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}

/**
 * Counts for items 1..items (index 0 unused) in [0, max] drawn uniformly, then nudged one by one
 * (never above `cap`) until they sum to `total`.
 */
function countsSummingTo(rng: Rng, items: number, max: number, cap: number, total: number): Uint8Array {
  const counts = new Uint8Array(items + 1);
  let sum = 0;
  for (let i = 1; i <= items; i++) sum += counts[i] = rng.int(0, max);
  if (total > items * cap) throw new Error(`cannot place ${total} rows on ${items} items of at most ${cap}`);
  while (sum !== total) {
    const i = rng.int(1, items);
    if (sum < total && counts[i]! < cap) {
      counts[i]!++;
      sum++;
    } else if (sum > total && counts[i]! > 0) {
      counts[i]!--;
      sum--;
    }
  }
  return counts;
}

const userId = (team: number, member: number) => (team - 1) * MEMBERS + member + 1;
const roleOf = (member: number) => (member === 0 ? Role.Owner : member === 1 ? Role.Admin : Role.Member);

/** Everything decided before the first row is written: the posts and how many rows hang on each. */
function plan(scale: number) {
  const posts = Math.round(POSTS * scale);
  const bigPosts = Math.round(BIG_TEAM_POSTS * scale);
  if (bigPosts * BIG_TEAMS + (TEAMS - BIG_TEAMS) > posts) throw new Error(`BENCH_SCALE=${scale} leaves too few posts`);
  // Posts per team (each team's welcome message included).
  const perTeam = new Int32Array(TEAMS + 1);
  const rest = posts - bigPosts * BIG_TEAMS;
  for (let t = 1; t <= TEAMS; t++)
    perTeam[t] =
      t <= BIG_TEAMS
        ? bigPosts
        : Math.floor(rest / (TEAMS - BIG_TEAMS)) + (t - BIG_TEAMS <= rest % (TEAMS - BIG_TEAMS) ? 1 : 0);
  // Ids 1..50 are the welcome messages; after them the teams' posts interleave (a shuffle).
  const team = new Int32Array(posts + 1);
  let i = 1;
  for (let t = 1; t <= TEAMS; t++) team[i++] = t;
  for (let t = 1; t <= TEAMS; t++) for (let n = 1; n < perTeam[t]!; n++) team[i++] = t;
  const rng = prng(8);
  for (let j = posts; j > TEAMS + 1; j--) {
    const k = rng.int(TEAMS + 1, j);
    [team[j], team[k]] = [team[k]!, team[j]!];
  }
  const reactions = countsSummingTo(prng(9), posts, MAX_REACTIONS_PER_POST, MEMBERS, Math.round(REACTIONS * scale));
  const comments = countsSummingTo(prng(10), posts, MAX_COMMENTS_PER_POST, 255, Math.round(COMMENTS * scale));
  // A year of history, evenly spaced, ending an hour ago.
  const end = Date.now() - 3_600_000;
  const start = end - 365 * DAY;
  const step = (end - start) / posts;
  const time = (id: number) => start + id * step;
  return { posts, bigPosts, team, reactions, comments, time, step };
}
type Plan = ReturnType<typeof plan>;

/** A table's columns: name and PostgreSQL array type. */
type Columns = readonly (readonly [string, 'int' | 'text'])[];
type Row = (string | number | null)[];
interface Table {
  name: string;
  columns: Columns;
  /** PostgreSQL: the rows carry their identity column's values. */
  explicitId: boolean;
  rows: () => Iterable<Row>;
}

function tables(p: Plan, passwordHash: string): Table[] {
  const iso = (ms: number) => new Date(ms).toISOString();
  const joined = iso(p.time(0) - 30 * DAY);
  const trialEnds = iso(Date.now() + 14 * DAY);

  const users: Table = {
    name: 'users',
    explicitId: true,
    columns: [
      ['id', 'int'],
      ['first_name', 'text'],
      ['last_name', 'text'],
      ['email', 'text'],
      ['password_hash', 'text'],
      ['avatar', 'text'],
      ['email_verified_at', 'text'],
      ['created_at', 'text'],
      ['updated_at', 'text'],
    ],
    *rows() {
      for (let t = 1; t <= TEAMS; t++)
        for (let m = 0; m < MEMBERS; m++)
          yield [
            userId(t, m),
            `Member${m + 1}`,
            `Team${t}`,
            `member.${t}.${m + 1}@bench.test`,
            passwordHash,
            null,
            joined,
            joined,
            joined,
          ];
    },
  };

  const subscriptionColumns = [
    ['id', 'int'],
    ['user_id', 'int'],
    ['plan', 'text'],
    ['stripe_status', 'text'],
    ['trial_ends_at', 'text'],
    ['next_invoice_at', 'text'],
    ['action_performed_by', 'int'],
    ['subscription_service', 'int'],
    ['has_payment_method', 'int'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ] as const;
  const subscriptions: Table = {
    name: 'subscriptions',
    explicitId: true,
    columns: subscriptionColumns,
    *rows() {
      for (let t = 1; t <= TEAMS; t++)
        for (let m = 0; m < MEMBERS; m++) {
          const id = userId(t, m);
          // Owners hold the Coach plan: half on a running trial, half paying.
          const values = subscriptionValues(
            id,
            m !== 0
              ? { created_at: joined, updated_at: joined }
              : t % 2
                ? {
                    plan: 'Premium',
                    stripe_status: 'trialing',
                    trial_ends_at: trialEnds,
                    created_at: joined,
                    updated_at: joined,
                  }
                : {
                    plan: 'Premium',
                    stripe_status: 'active',
                    has_payment_method: 1,
                    created_at: joined,
                    updated_at: joined,
                  },
          ) as Record<string, string | number | null>;
          yield subscriptionColumns.map(([c]) => (c === 'id' ? id : values[c]!));
        }
    },
  };

  const teams: Table = {
    name: 'teams',
    explicitId: true,
    columns: [
      ['id', 'int'],
      ['name', 'text'],
      ['avatar', 'text'],
      ['owner_id', 'int'],
      ['is_personal', 'int'],
      ['level_of_engagement_id', 'int'],
      ['created_at', 'text'],
      ['updated_at', 'text'],
    ],
    *rows() {
      for (let t = 1; t <= TEAMS; t++) yield [t, `Bench Team ${t}`, null, userId(t, 0), 0, 1, joined, joined];
    },
  };

  const members: Table = {
    name: 'team_members',
    explicitId: false,
    columns: [
      ['team_id', 'int'],
      ['user_id', 'int'],
      ['role_id', 'int'],
      ['read_welcome_message', 'int'],
      ['joined_at', 'text'],
    ],
    *rows() {
      for (let t = 1; t <= TEAMS; t++) for (let m = 0; m < MEMBERS; m++) yield [t, userId(t, m), roleOf(m), 1, joined];
    },
  };

  // Posts, their tags and the teams' post counts come from one pass (the tags are decided with the
  // post; the counts are the posts module's, which `insertPost` keeps as it writes: ADR 0038).
  const rng = prng(11);
  const tagRows: Row[] = [];
  const postCounts = new Map<string, number>();
  const counted = (team: number, type: number) => {
    const key = `${team}:${type}`;
    postCounts.set(key, (postCounts.get(key) ?? 0) + 1);
  };
  const posts: Table = {
    name: 'posts',
    explicitId: true,
    columns: [
      ['id', 'int'],
      ['team_id', 'int'],
      ['user_id', 'int'],
      ['type_id', 'int'],
      ['text', 'text'],
      ['color_id', 'int'],
      ['media_key', 'text'],
      ['media_type_id', 'int'],
      ['extra', 'text'],
      ['original_user_id', 'int'],
      ['original_team_id', 'int'],
      ['is_forwarded', 'int'],
      ['buzzes_count', 'int'],
      ['expressions_count', 'int'],
      ['created_at', 'text'],
    ],
    *rows() {
      for (let id = 1; id <= p.posts; id++) {
        const t = p.team[id]!;
        const counts = [p.reactions[id]!, p.comments[id]!, iso(p.time(id))] as const;
        if (id <= TEAMS) {
          counted(t, PostType.welcomemessage);
          yield [
            id,
            t,
            userId(t, 0),
            PostType.welcomemessage,
            PostMessages.welcomePost,
            null,
            null,
            null,
            null,
            null,
            null,
            0,
            ...counts,
          ];
          continue;
        }
        const author = rng.int(0, MEMBERS - 1);
        const r = rng.next();
        const type = r < 0.7 ? PostType.text : r < 0.85 ? PostType.celebration : PostType.brightidea;
        const color = type !== PostType.text || rng.next() < 0.2 ? rng.int(1, 6) : null;
        if (type === PostType.celebration) {
          const tagged = new Set<number>();
          for (let n = rng.int(1, 3); tagged.size < n;) {
            const m = rng.int(0, MEMBERS - 1);
            if (m !== author) tagged.add(m);
          }
          for (const m of tagged) tagRows.push([id, userId(t, m)]);
        }
        counted(t, type);
        yield [id, t, userId(t, author), type, sentence(rng, 5, 40), color, null, null, null, null, null, 0, ...counts];
      }
    },
  };
  const tags: Table = {
    name: 'post_tags',
    explicitId: false,
    columns: [
      ['post_id', 'int'],
      ['user_id', 'int'],
    ],
    rows: () => tagRows,
  };
  const teamPostCounts: Table = {
    name: 'team_post_counts',
    explicitId: false,
    columns: [
      ['team_id', 'int'],
      ['type_id', 'int'],
      ['posts_count', 'int'],
    ],
    *rows() {
      for (const [key, n] of postCounts) {
        const [team, type] = key.split(':').map(Number) as [number, number];
        yield [team, type, n];
      }
    },
  };

  const reactions: Table = {
    name: 'reactions',
    explicitId: true,
    columns: [
      ['id', 'int'],
      ['post_id', 'int'],
      ['user_id', 'int'],
      ['buzz_type_id', 'int'],
      ['created_at', 'text'],
    ],
    *rows() {
      const rr = prng(12);
      const order = Array.from({ length: MEMBERS }, (_, i) => i);
      let id = 0;
      for (let post = 1; post <= p.posts; post++) {
        const k = p.reactions[post]!;
        const t = p.team[post]!;
        // The first k of a partial shuffle: k distinct members.
        for (let j = 0; j < k; j++) {
          const s = rr.int(j, MEMBERS - 1);
          [order[j], order[s]] = [order[s]!, order[j]!];
          yield [++id, post, userId(t, order[j]!), rr.int(7, 11), iso(p.time(post) + ((j + 1) * p.step) / (k + 1))];
        }
      }
    },
  };

  const comments: Table = {
    name: 'comments',
    explicitId: true,
    columns: [
      ['id', 'int'],
      ['post_id', 'int'],
      ['user_id', 'int'],
      ['content', 'text'],
      ['media_key', 'text'],
      ['media_type_id', 'int'],
      ['created_at', 'text'],
    ],
    *rows() {
      const rc = prng(13);
      let id = 0;
      for (let post = 1; post <= p.posts; post++) {
        const k = p.comments[post]!;
        const t = p.team[post]!;
        for (let j = 0; j < k; j++)
          yield [
            ++id,
            post,
            userId(t, rc.int(0, MEMBERS - 1)),
            sentence(rc, 3, 20),
            null,
            1,
            iso(p.time(post) + ((j + 1) * p.step) / (k + 1)),
          ];
      }
    },
  };

  // Order matters: foreign keys, and the tags and counts are filled while the posts are generated.
  return [users, subscriptions, teams, members, posts, tags, teamPostCounts, reactions, comments];
}

// ---------------------------------------------------------------------------------------------
// Writers: one transaction each.

function loadSqlite(file: string, all: Table[]): Record<string, number> {
  const db = new SQLite(file);
  const written: Record<string, number> = {};
  try {
    // The server sets WAL itself; a bulk load needs no fsync per page (the file is thrown away if
    // this process dies). Foreign keys stay checked.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = OFF');
    db.pragma('foreign_keys = ON');
    db.pragma('cache_size = -200000');
    // The timeline-version triggers (migration 2026112505) give every insert a statement journal;
    // in a transaction this big it would spill to a temp file at every row (~14 writes a row).
    db.pragma('temp_store = memory');
    db.transaction(() => {
      for (const t of all) {
        const cols = t.columns.map(([c]) => c);
        const insert = db.prepare(
          `insert into ${t.name} (${cols.join(', ')}) values (${cols.map(() => '?').join(', ')})`,
        );
        let n = 0;
        for (const row of t.rows()) {
          insert.run(row);
          n++;
        }
        written[t.name] = n;
      }
    })();
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return written;
}

const BATCH = 10_000;

async function loadPostgres(url: string, all: Table[]): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const written: Record<string, number> = {};
  try {
    await client.query('begin');
    for (const t of all) {
      const cols = t.columns.map(([c]) => c);
      const text = `insert into ${t.name} (${cols.join(', ')}) ${t.explicitId ? 'overriding system value ' : ''}select * from unnest(${t.columns
        .map(([, type], i) => `$${i + 1}::${type}[]`)
        .join(', ')})`;
      let batch: Row[][] = t.columns.map(() => []);
      let size = 0;
      let n = 0;
      const flush = async () => {
        if (size === 0) return;
        await client.query(text, batch);
        batch = t.columns.map(() => []);
        size = 0;
      };
      for (const row of t.rows()) {
        for (let c = 0; c < row.length; c++) (batch[c] as unknown as Row).push(row[c]!);
        n++;
        if (++size === BATCH) await flush();
      }
      await flush();
      written[t.name] = n;
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
  return written;
}

async function finishPostgres(url: string, all: Table[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // The next id the app inserts follows the ids written here.
    for (const t of all.filter((x) => x.explicitId))
      await client.query(`select setval(pg_get_serial_sequence('${t.name}', 'id'), (select max(id) from ${t.name}))`);
    // Statistics and the visibility map, as autovacuum leaves them a little after a bulk load.
    for (const t of all) await client.query(`vacuum analyze ${t.name}`);
  } finally {
    await client.end();
  }
}

/** posts' counters against the rows, per post, and the teams' post counts; throws on any difference. */
async function check(db: Kysely<Database>, p: Plan): Promise<TimelineSeedResult['counts']> {
  const { rows } = await sql<Record<string, number | string>>`
    select
      (select count(*) from users) as users,
      (select count(*) from teams) as teams,
      (select count(*) from posts) as posts,
      (select count(*) from post_tags) as tags,
      (select count(*) from reactions) as reactions,
      (select count(*) from comments) as comments,
      (select count(*) from posts p where p.buzzes_count <> (select count(*) from reactions r where r.post_id = p.id)) as bad_buzzes,
      (select count(*) from posts p where p.expressions_count <> (select count(*) from comments c where c.post_id = p.id)) as bad_expressions,
      (select count(*) from team_post_counts c where c.posts_count <>
        (select count(*) from posts p where p.team_id = c.team_id and p.type_id = c.type_id)) as bad_post_counts,
      (select count(*) from (select distinct team_id, type_id from posts) p) as post_count_rows,
      (select count(*) from team_post_counts) as team_post_counts,
      (select count(*) from posts where team_id = 1) as big_team_posts`.execute(db);
  const n = Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
  if (n.bad_buzzes || n.bad_expressions || n.bad_post_counts || n.post_count_rows !== n.team_post_counts)
    throw new Error(
      `counters differ from the rows: ${n.bad_buzzes} buzzes_count, ${n.bad_expressions} expressions_count, ` +
        `${n.bad_post_counts} team_post_counts (${n.team_post_counts} rows for ${n.post_count_rows})`,
    );
  if (n.posts !== p.posts || n.big_team_posts !== p.bigPosts)
    throw new Error(`unexpected counts: ${JSON.stringify(n)}`);
  return {
    users: n.users!,
    teams: n.teams!,
    posts: n.posts,
    tags: n.tags!,
    reactions: n.reactions!,
    comments: n.comments!,
  };
}

async function main(): Promise<void> {
  const arg = process.argv[2];
  if (!arg) throw new Error('usage: seed-timeline.ts <json TimelineSeedRequest>');
  const req = JSON.parse(arg) as TimelineSeedRequest;
  const t0 = performance.now();
  const lap = (() => {
    let last = t0;
    return () => {
      const now = performance.now();
      const s = (now - last) / 1000;
      last = now;
      return Math.round(s * 10) / 10;
    };
  })();
  const sqliteFile = sqliteFileIn(req.dataDir);
  const open = () => openDatabase({ databaseUrl: req.databaseUrl, sqliteFile });

  // 1. The app's schema, by the app's migrations.
  let db = open();
  try {
    if (req.databaseUrl) {
      // Never seed into whatever schema happens to come first on a shared server.
      const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db.kysely);
      if (rows[0]?.schema !== req.schema)
        throw new Error(`search_path did not apply: current schema is ${rows[0]?.schema}, not ${req.schema}`);
    }
    await migrateToLatest(db.kysely);
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from users`.execute(db.kysely);
    if (Number(rows[0]?.n) !== 0) throw new Error('the database is not fresh');
  } finally {
    await db.kysely.destroy();
  }
  const migrate = lap();

  // 2. The bulk rows, one transaction.
  const p = plan(req.scale);
  const all = tables(p, await hashPassword('bench-pass'));
  const written = req.databaseUrl ? await loadPostgres(req.databaseUrl, all) : loadSqlite(sqliteFile, all);
  const bulk = lap();
  if (req.databaseUrl) await finishPostgres(req.databaseUrl, all);
  const finish = lap();
  console.error(`[seed] ${JSON.stringify(written)}`);

  // 3. Bearer tokens by the app's code, and the check.
  db = open();
  try {
    const auth = new AuthRepository(db.kysely);
    const bearer = async (teamId: number, member: number): Promise<Bearer> => {
      const token = newBearerToken();
      await auth.insertToken(userId(teamId, member), hashToken(token));
      return { teamId, userId: userId(teamId, member), token };
    };
    const readers: Bearer[] = [];
    const writers: Bearer[] = [];
    const bigTeams = Array.from({ length: BIG_TEAMS }, (_, i) => i + 1);
    for (const t of bigTeams) {
      for (let m = 0; m < req.readersPerBigTeam; m++) readers.push(await bearer(t, m));
      for (let m = 0; m < req.writersPerBigTeam; m++) writers.push(await bearer(t, req.readersPerBigTeam + m));
    }
    const counts = await check(db.kysely, p);
    const checkS = lap();
    const result: TimelineSeedResult = {
      readers,
      writers,
      bigTeams,
      postsPerBigTeam: p.bigPosts,
      counts,
      seconds: { migrate, bulk, finish, check: checkS, total: Math.round((performance.now() - t0) / 100) / 10 },
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await db.kysely.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
