import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';

describe('the embedded SQLite database', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rally-db-'));
  const db = openDatabase({ sqliteFile: path.join(dir, 'rally.sqlite') });
  afterAll(async () => {
    await db.kysely.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  const pragma = async (name: string) =>
    Object.values((await sql.raw(`pragma ${name}`).execute(db.kysely)).rows[0] as Record<string, unknown>)[0];

  it('acknowledges a write only once it survives power loss: WAL with synchronous = FULL (2)', async () => {
    expect(await pragma('journal_mode')).toBe('wal');
    expect(await pragma('synchronous')).toBe(2);
  });

  it('enforces foreign keys and waits for a busy writer', async () => {
    expect(await pragma('foreign_keys')).toBe(1);
    expect(await pragma('busy_timeout')).toBe(5000);
  });
});

describe('SQLite transactions', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rally-db-'));
  const file = path.join(dir, 'rally.sqlite');
  const db = openDatabase({ sqliteFile: file });
  // Another process's connection, which gives up at once rather than waiting.
  const other = new SQLite(file, { timeout: 0 });
  afterAll(async () => {
    other.close();
    await db.kysely.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('take the write lock as they begin (BEGIN IMMEDIATE), before their first write', async () => {
    await db.kysely.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      expect(() => other.exec('begin immediate')).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
    });
    // Released at the commit.
    other.exec('begin immediate');
    other.exec('rollback');
  });
});
