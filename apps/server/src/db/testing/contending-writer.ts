/**
 * One of the two processes of sqlite-two-processes.test.ts: opens the SQLite file as the app does
 * (openDatabase) and, once it reads `go` on stdin, runs `rounds` read-then-write transactions on
 * it, each one reading the shared counter and writing it back one higher, as a service's
 * check-then-write does. Prints one JSON line: how many committed, and how many failed by error code.
 *
 *   node --conditions=source --import tsx contending-writer.ts <sqliteFile> <name> <rounds>
 */
import { once } from 'node:events';
import { sql } from 'kysely';
import { openDatabase } from '../database.js';

const [file = '', name = '', rounds = '0'] = process.argv.slice(2);
const db = openDatabase({ sqliteFile: file });
const errors: Record<string, number> = {};
let committed = 0;

// Both processes start together: the parent says go once both are ready.
process.stdout.write('ready\n');
process.stdin.setEncoding('utf8');
await once(process.stdin, 'data');

for (let i = 0; i < Number(rounds); i++) {
  try {
    await db.kysely.transaction().execute(async (trx) => {
      const { rows } = await sql<{ value: number }>`select value from contention where id = 1`.execute(trx);
      // Let the other process run between the read and the write, as a service awaiting its next
      // query does.
      await new Promise((resolve) => setImmediate(resolve));
      await sql`update contention set value = ${rows[0]!.value + 1} where id = 1`.execute(trx);
      await sql`insert into contention_writes (writer, round) values (${name}, ${i})`.execute(trx);
    });
    committed++;
  } catch (err) {
    const code = (err as { code?: string }).code ?? String(err);
    errors[code] = (errors[code] ?? 0) + 1;
  }
  // A pause between transactions, as between a server's requests: SQLite's busy handler retries
  // after sleeps, so a process writing back to back would keep the other out until it is done.
  await new Promise((resolve) => setTimeout(resolve, 1));
}
await db.kysely.destroy();
process.stdout.write(`${JSON.stringify({ committed, errors })}\n`);
process.stdin.destroy();
