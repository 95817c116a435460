/**
 * The app of a child process in the two-process tests (the `testing/` scripts): the real app on
 * the test's data folder (SQLite file) or PostgreSQL schema, started under the schema lock.
 * Without vitest, so a plain `node --import tsx` process can run it.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, sqliteFileIn } from '../config.js';
import { openDatabase } from '../db/database.js';
import { whileSchemasStay } from './schema-lock.js';

/** The settings every test app starts from: a data folder of its own, no log, a fresh secret. */
export const testAppEnv = (dataDir: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  APP_SECRET: randomBytes(32).toString('hex'),
  PUBLIC_URL: 'http://rally.test',
  WEB_DIST_DIR: path.join(dataDir, 'no-web'),
});

/** `schema` is the PostgreSQL schema, or `-` on SQLite; `env` adds settings. */
export async function buildChildApp(
  dataDir: string,
  schema: string,
  env: Record<string, string> = {},
): Promise<FastifyInstance> {
  const config = loadConfig({ ...testAppEnv(dataDir), ...env });
  const db = openDatabase({
    databaseUrl: process.env.TEST_DATABASE_URL || undefined,
    sqliteFile: sqliteFileIn(dataDir),
    ...(schema !== '-' ? { pgSchema: schema } : {}),
  });
  // Migrations read every schema: no other test may drop its schema meanwhile.
  return whileSchemasStay(async () => {
    const app = await buildApp({ config, db, logger: false, schedules: false });
    await app.ready();
    return app;
  });
}
