/**
 * A Rally process for the event log's kill test: builds the real app on the test's data folder
 * (SQLite file) or PostgreSQL schema with EVENTS_DISPATCH=false, so it records events and hands
 * none out (it stands for a process killed between its commit and its realtime send). It writes
 * one post as the user of `token` in `teamId`, prints `committed <post id>`, and waits to be killed.
 *
 *   node --conditions=source --import tsx writer-process.ts <dataDir> <pgSchema|-> <teamId> <token>
 */
import { buildChildApp } from '../../test/child-app.js';

const [dataDir = '', schema = '-', teamId = '', token = ''] = process.argv.slice(2);
const app = await buildChildApp(dataDir, schema, { EVENTS_DISPATCH: 'false' });
const res = await app.inject({
  method: 'POST',
  url: `/api/user/team/${teamId}/posts`,
  headers: { authorization: `Bearer ${token}`, 'accept-version': '1.3' },
  payload: { content: 'Written just before the crash', media_type: 'text' },
});
if (res.statusCode !== 201) {
  process.stderr.write(`post failed: ${res.statusCode} ${res.body}\n`);
  process.exit(1);
}
process.stdout.write(`committed ${res.json<{ data: { id: number } }>().data.id}\n`);
// Killed here (SIGKILL), before anything was sent: nothing of this process runs again.
setInterval(() => undefined, 60_000);
