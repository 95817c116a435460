/**
 * A Rally process for the media kill test: the real app on the test's data folder (SQLite file)
 * or PostgreSQL schema, with the given ffmpeg (one that never finishes) and a 1 s lease. As the
 * user of `token` it comments on post `postId` of `teamId` with the recording `key` (received
 * already): the conversion is queued in that transaction and this process's queue takes it at
 * the commit. It prints `committed <comment id>` and waits to be killed (SIGKILL) mid-conversion.
 *
 *   node --conditions=source --import tsx attach-process.ts <dataDir> <pgSchema|-> <ffmpeg> <teamId> <postId> <token> <key>
 */
import { buildChildApp } from '../../../test/child-app.js';

const [dataDir = '', schema = '-', ffmpeg = '', teamId = '', postId = '', token = '', key = ''] = process.argv.slice(2);
const app = await buildChildApp(dataDir, schema, { FFMPEG_PATH: ffmpeg, MEDIA_JOB_LEASE_MS: '1000' });
const res = await app.inject({
  method: 'POST',
  url: `/api/user/team/${teamId}/post/${postId}/expression`,
  headers: { authorization: `Bearer ${token}`, 'accept-version': '1.3' },
  payload: { media: key, media_type: 'video' },
});
if (res.statusCode !== 201) {
  process.stderr.write(`comment failed: ${res.statusCode} ${res.body}\n`);
  process.exit(1);
}
process.stdout.write(`committed ${res.json<{ data: { id: number } }>().data.id}\n`);
// Killed here (SIGKILL) while its ffmpeg runs: it never finishes the job nor releases its lease.
setInterval(() => undefined, 60_000);
