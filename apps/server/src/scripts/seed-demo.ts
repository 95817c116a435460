/**
 * Fills the configured database with a demo coach, members and teams so a new user can look
 * around. Safe to run twice: it stops when the demo coach exists. Sign in as demo.coach@rally.test
 * (or any demo member) with the password `rally-demo`. The data is in seed-demo-data.ts.
 */
import path from 'node:path';
import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from '../db/database.js';
import { DEMO_PASSWORD, PEOPLE, seedDemo } from './seed-demo-data.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: path.join(config.DATA_DIR, 'rally.sqlite') });
  try {
    await migrateToLatest(db.kysely);
    const before = await db.kysely
      .selectFrom('events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const created = await seedDemo(db.kysely, { trialDays: config.TRIAL_DAYS, publicUrl: config.PUBLIC_URL });
    // The demo's made-up past is not news: the events its services recorded are dropped unsent.
    await db.kysely
      .deleteFrom('events')
      .where('id', '>', Number(before?.id ?? 0))
      .execute();
    if (!created) {
      console.log(`Demo data is already there. Sign in as ${PEOPLE[0]!.email} with password ${DEMO_PASSWORD}.`);
      return;
    }
  } finally {
    await db.kysely.destroy();
  }
  console.log(`Demo data created in ${config.DATABASE_URL ? 'PostgreSQL' : path.join(config.DATA_DIR, 'rally.sqlite')}.
Sign in with password "${DEMO_PASSWORD}" as:
  demo.coach@rally.test  coach (Super Admin, paid Coach plan) of Product Squad and Leadership Circle
  alex@rally.test        admin of Product Squad, coach of Design Guild
  sam@rally.test         member, with a pending invitation to Design Guild
  priya@rally.test, jonas@rally.test, mei@rally.test, lena@rally.test  members
Product Squad has check-ins with answers, today's Inspiration topic (and tomorrow's) and to-do lists.`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
