/**
 * The Rally server's log (stdout, pino JSON) kept in a file and read as it comes: lines at level
 * error or above (or not pino's JSON: printed outside the logger) and SQLITE_BUSY are counted,
 * the first few kept for the report.
 */
import type { ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';

export interface LogWatch {
  lines: number;
  errors: number;
  busy: number;
  samples: string[];
}

export function watchLog(child: ChildProcess, file: string): LogWatch {
  const watch: LogWatch = { lines: 0, errors: 0, busy: 0, samples: [] };
  const out = createWriteStream(file);
  if (!child.stdout) return watch;
  child.stdout.pipe(out);
  createInterface({ input: child.stdout }).on('line', (line) => {
    watch.lines++;
    let level = 0;
    try {
      level = Number((JSON.parse(line) as { level?: number }).level ?? 0);
    } catch {
      level = 50; // not pino's JSON: something printed outside the logger
    }
    const busy = /SQLITE_BUSY|database is locked/i.test(line);
    if (busy) watch.busy++;
    if (level >= 50) watch.errors++;
    if ((busy || level >= 50) && watch.samples.length < 3) watch.samples.push(line.slice(0, 400));
  });
  return watch;
}
