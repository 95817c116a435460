// The reference for every API benchmark: a bare Fastify hello-world, in its own process, with
// the Fastify that Rally uses. Plain JavaScript so it runs on plain `node`, like the built server.
//
//   node bench/support/hello-server.mjs [port]     (default 0: the system picks one)
import Fastify from 'fastify';

const port = Number(process.argv[2] ?? 0);
if (!Number.isInteger(port) || port < 0) {
  console.error('usage: node bench/support/hello-server.mjs [port]');
  process.exit(2);
}

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

await app.listen({ port, host: '127.0.0.1' });
