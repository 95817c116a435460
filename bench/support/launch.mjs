// Runs the ES module named by BENCH_ENTRY (an absolute path) in this process: the API benchmark
// starts Rally's built server through it, so the server's command line is not the bare
// `node apps/server/dist/main.js` that other people's servers on this shared machine have
// (a `pkill -f` meant for theirs stopped ours twice). Nothing else differs: same node, no flags.
import { pathToFileURL } from 'node:url';

const entry = process.env.BENCH_ENTRY;
if (!entry) {
  console.error('launch.mjs: set BENCH_ENTRY to the absolute path of the module to run');
  process.exit(2);
}
await import(pathToFileURL(entry).href);
