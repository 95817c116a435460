/**
 * A second Rally process for the scheduled-topic test: builds the real app on the test's data
 * folder (SQLite file) or PostgreSQL schema, says `ready`, waits for `go` on stdin, runs the
 * topic job once for the day given and prints how many topics it published.
 *
 *   node --conditions=source --import tsx second-process.ts <dataDir> <pgSchema|-> <ISO instant>
 */
import { once } from 'node:events';
import { buildChildApp } from '../../../test/child-app.js';

const [dataDir = '', schema = '-', at = ''] = process.argv.slice(2);
const app = await buildChildApp(dataDir, schema);
process.stdout.write('ready\n');
process.stdin.setEncoding('utf8');
await once(process.stdin, 'data');
process.stdin.destroy(); // an open stdin would keep this process alive
const published = await app.topics.publishDue(new Date(at));
await app.queue.idle();
process.stdout.write(`published ${published}\n`);
await app.close();
