/**
 * A Rally process for the media restart test: the real app on the test's data folder (SQLite
 * file) or PostgreSQL schema, whose work queue claims the queued conversion with the given ffmpeg
 * (one that never finishes) and a short lease. It prints `started` and waits to be killed.
 *
 *   node --conditions=source --import tsx convert-process.ts <dataDir> <pgSchema|-> <ffmpeg> <leaseMs>
 */
import { buildChildApp } from '../../../test/child-app.js';

const [dataDir = '', schema = '-', ffmpeg = '', leaseMs = '1000'] = process.argv.slice(2);
await buildChildApp(dataDir, schema, { FFMPEG_PATH: ffmpeg, MEDIA_JOB_LEASE_MS: leaseMs });
process.stdout.write('started\n');
// Killed here (SIGKILL) while its ffmpeg runs: it never releases its lease.
setInterval(() => undefined, 60_000);
