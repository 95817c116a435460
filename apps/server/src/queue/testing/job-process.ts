/**
 * A Rally process for the work queue's kill tests, killed (SIGKILL) in the middle of a job:
 *
 *   node --conditions=source --import tsx job-process.ts <dataDir> <pgSchema|-> mail <smtpUrl> <email>
 *     the real app with SMTP_URL set to a host that never answers: it signs `email` up, prints
 *     `delivering` once its verification mail's job is running, and waits to be killed.
 *   node --conditions=source --import tsx job-process.ts <dataDir> <pgSchema|-> periodic
 *     a work queue with the periodic job `test.tick`, whose run prints `ticking` and never ends.
 */
import pino from 'pino';
import { openDatabase } from '../../db/database.js';
import { sqliteFileIn } from '../../config.js';
import { buildChildApp } from '../../test/child-app.js';
import { WorkQueue } from '../work-queue.js';

const [dataDir = '', schema = '-', kind = '', smtpUrl = '', email = ''] = process.argv.slice(2);

const running = async (queue: string, db: ReturnType<typeof openDatabase>['kysely']) => {
  for (;;) {
    const row = await db
      .selectFrom('jobs')
      .select('id')
      .where('queue', '=', queue)
      .where('state', '=', 'running')
      .executeTakeFirst();
    if (row) return;
    await new Promise((r) => setTimeout(r, 20));
  }
};

if (kind === 'mail') {
  const app = await buildChildApp(dataDir, schema, { SMTP_URL: smtpUrl });
  const res = await app.inject({
    method: 'POST',
    url: '/api/register',
    headers: { 'accept-version': '1.3' },
    payload: {
      first_name: 'Kim',
      last_name: 'Killed',
      email,
      password: 'a-long-enough-passphrase-42',
      password_confirmation: 'a-long-enough-passphrase-42',
    },
  });
  if (res.statusCode !== 201) {
    process.stderr.write(`register failed: ${res.statusCode} ${res.body}\n`);
    process.exit(1);
  }
  const db = openDatabase({
    databaseUrl: process.env.TEST_DATABASE_URL || undefined,
    sqliteFile: sqliteFileIn(dataDir),
    ...(schema !== '-' ? { pgSchema: schema } : {}),
  });
  await running('mail.deliver', db.kysely);
  process.stdout.write('delivering\n');
} else if (kind === 'periodic') {
  const db = openDatabase({
    databaseUrl: process.env.TEST_DATABASE_URL || undefined,
    sqliteFile: sqliteFileIn(dataDir),
    ...(schema !== '-' ? { pgSchema: schema } : {}),
  });
  const queue = new WorkQueue({ db: db.kysely, dialect: db.dialect, log: pino({ level: 'silent' }) });
  queue.every(
    'test.tick',
    60_000,
    () => {
      process.stdout.write('ticking\n');
      return new Promise<void>(() => undefined);
    },
    { atStart: true },
  );
  await queue.start();
} else {
  process.stderr.write(`unknown kind ${kind}\n`);
  process.exit(1);
}
// Killed here (SIGKILL): nothing of this process runs again.
setInterval(() => undefined, 60_000);
