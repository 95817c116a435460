import { execFile } from 'node:child_process';
import { chmod, cp, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import SQLite from 'better-sqlite3';
import { sqliteFileIn, type Config } from '../config.js';

const run = promisify(execFile);

/** What a backup folder holds, written last: a folder without it is incomplete. */
interface Manifest {
  format: 1;
  created_at: string;
  database: 'sqlite' | 'postgres';
  /** PostgreSQL schema dumped alone, when one was named. */
  pg_schema: string | null;
}

const MANIFEST = 'manifest.json';
const SQLITE_FILE = 'rally.sqlite';
const PG_FILE = 'rally.pgdump';
/** sqlite3_backup_step's page count for "all the rest", as better-sqlite3 takes it (at most 2^31 - 1). */
const ALL_PAGES = 0x7fffffff;

export interface BackupOptions {
  config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL'>;
  /** Folder to create; it must not exist yet. */
  dir: string;
  /** Dump or restore only this PostgreSQL schema (tests isolate themselves in one). */
  pgSchema?: string;
}

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

/**
 * A consistent copy of the database and the uploaded files, taken while Rally runs:
 * SQLite through its online backup API, PostgreSQL with pg_dump (custom format). The app secret
 * is copied too, so one-time codes mailed before the backup still match after a restore.
 */
export async function backup({ config, dir, pgSchema }: BackupOptions): Promise<Manifest> {
  if (await exists(dir)) throw new Error(`${dir} exists already; name a new folder`);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const database = config.DATABASE_URL ? 'postgres' : 'sqlite';
  if (config.DATABASE_URL) {
    const schema = pgSchema ? [`--schema=${pgSchema}`] : [];
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      ...schema,
      `--file=${path.join(dir, PG_FILE)}`,
      config.DATABASE_URL,
    ]);
  } else {
    const source = new SQLite(sqliteFileIn(config.DATA_DIR), { readonly: true, fileMustExist: true });
    try {
      // Every page in one step, from one snapshot. better-sqlite3 copies 100 pages a step by
      // default, and a write by any other connection between two steps restarts the copy from its
      // first page: beside a server that writes steadily, a backup restarted hundreds of times or
      // never finished. A reader blocks no writer in WAL mode, so the server goes on meanwhile.
      await source.backup(path.join(dir, SQLITE_FILE), { progress: () => ALL_PAGES });
    } finally {
      source.close();
    }
  }
  const files = path.join(config.DATA_DIR, 'files');
  if (await exists(files)) await cp(files, path.join(dir, 'files'), { recursive: true });
  const secret = path.join(config.DATA_DIR, 'app-secret');
  if (await exists(secret)) await cp(secret, path.join(dir, 'app-secret'));
  const manifest: Manifest = {
    format: 1,
    created_at: new Date().toISOString(),
    database,
    pg_schema: pgSchema ?? null,
  };
  await writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2));
  await chmod(dir, 0o700);
  return manifest;
}

/**
 * Puts a backup back: the database replaced whole, the uploaded files replaced whole.
 * Stop every Rally process first; a running server would keep writing to what is replaced.
 */
export async function restore({ config, dir, pgSchema }: BackupOptions): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  const database = config.DATABASE_URL ? 'postgres' : 'sqlite';
  if (manifest.format !== 1) throw new Error(`unknown backup format ${String(manifest.format)}`);
  if (manifest.database !== database)
    throw new Error(`this backup holds a ${manifest.database} database; the configuration names ${database}`);
  if (config.DATABASE_URL) {
    const schema = pgSchema ?? manifest.pg_schema;
    // --clean drops what the dump recreates; one transaction, so a failure changes nothing.
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      ...(schema ? [`--schema=${schema}`] : []),
      `--dbname=${config.DATABASE_URL}`,
      path.join(dir, PG_FILE),
    ]);
  } else {
    const target = sqliteFileIn(config.DATA_DIR);
    const staged = `${target}.restoring`;
    await cp(path.join(dir, SQLITE_FILE), staged);
    // The old write-ahead log belongs to the old file; left beside the new one it would be replayed.
    await rm(`${target}-wal`, { force: true });
    await rm(`${target}-shm`, { force: true });
    await rename(staged, target);
  }
  const files = path.join(config.DATA_DIR, 'files');
  await rm(files, { recursive: true, force: true });
  if (await exists(path.join(dir, 'files'))) await cp(path.join(dir, 'files'), files, { recursive: true });
  if (await exists(path.join(dir, 'app-secret')))
    await cp(path.join(dir, 'app-secret'), path.join(config.DATA_DIR, 'app-secret'));
  return manifest;
}
