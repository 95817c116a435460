/**
 * A second Rally process for the scheduled-topic test: builds the real app on the test's data
 * folder (SQLite file) or PostgreSQL schema, says `ready`, waits for `go` on stdin, runs the
 * topic job once for the day given and prints how many topics it published.
 *
 *   node --conditions=source --import tsx second-process.ts <dataDir> <pgSchema|-> <ISO instant>
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { once } from 'node:events';
import { buildApp } from '../../../app.js';
import { loadConfig, sqliteFileIn } from '../../../config.js';
import { whileSchemasStay } from '../../../test/schema-lock.js';
import { openDatabase } from '../../../db/database.js';

const [dataDir = '', schema = '-', at = ''] = process.argv.slice(2);
const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
const config = loadConfig({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  APP_SECRET: randomBytes(32).toString('hex'),
  PUBLIC_URL: 'http://rally.test',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
});
const db = openDatabase({
  databaseUrl,
  sqliteFile: sqliteFileIn(dataDir),
  ...(schema !== '-' ? { pgSchema: schema } : {}),
});
// Migrations read every schema: no other test may drop its schema meanwhile.
const app = await whileSchemasStay(async () => {
  const started = await buildApp({ config, db, logger: false, schedules: false });
  await started.ready();
  return started;
});
process.stdout.write('ready\n');
process.stdin.setEncoding('utf8');
await once(process.stdin, 'data');
process.stdin.destroy(); // an open stdin would keep this process alive
const published = await app.topics.publishDue(new Date(at));
await app.background.idle();
process.stdout.write(`published ${published}\n`);
await app.close();
