// Preloaded into Rally's server by watercooler-bench.ts (NODE_OPTIONS=--import): on SIGUSR2 it
// collects garbage (twice: weak references and finalizers free more on the second pass) and
// writes the process's memory to BENCH_MEMORY_FILE as JSON, so the benchmark can read the live
// heap from outside. It adds nothing else: no timer, no work until the signal comes.
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';

const file = process.env.BENCH_MEMORY_FILE;
if (file) {
  // `gc` without starting node with --expose-gc (not allowed in NODE_OPTIONS on Node 20).
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  process.on('SIGUSR2', () => {
    gc();
    gc();
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    fs.writeFileSync(`${file}.tmp`, JSON.stringify({ rss, heapUsed, heapTotal, external, arrayBuffers }));
    fs.renameSync(`${file}.tmp`, file);
  });
}
