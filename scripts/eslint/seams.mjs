/**
 * The server's seam rule (docs/adr/0039-work-queue.md), checked by lint:
 * - `table-owner`: a table is written (insertInto, updateTable, deleteFrom, replaceInto) only by
 *   the module that owns it (apps/server/src/db/table-owners.json); another module calls the
 *   owner's service or repository, passing its transaction.
 * - `repository-opens-no-transaction`: a repository takes an executor and never opens a
 *   transaction (`transact(…)`, `.transaction()`): the service does.
 * - `write-through-executor`: a write in a module runs on the executor it was given (`ex`,
 *   `trx`), never on the database handle (`db`, `this.db`), so it is part of the caller's
 *   transaction of `transact`.
 */
import fs from 'node:fs';
import path from 'node:path';

const WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto']);
const SERVER = `apps${path.sep}server${path.sep}src${path.sep}`;

/** The module a server file belongs to: `modules/<name>/…` → name, `<dir>/…` → dir. */
function moduleOf(filename) {
  const i = filename.indexOf(SERVER);
  if (i < 0) return undefined;
  const parts = filename.slice(i + SERVER.length).split(path.sep);
  if (parts.length < 2) return undefined;
  return parts[0] === 'modules' ? parts[1] : parts[0];
}

const isTest = (filename) =>
  /\.test\.ts$/.test(filename) ||
  filename.includes(`${path.sep}test${path.sep}`) ||
  filename.includes(`${path.sep}testing${path.sep}`);

/** The table a write names: its first argument, a string (`'posts'` or `'posts as p'`). */
function tableOf(node) {
  const arg = node.arguments[0];
  if (!arg || arg.type !== 'Literal' || typeof arg.value !== 'string') return undefined;
  return arg.value.split(/\s+as\s+/)[0].trim();
}

const writeOf = (node) =>
  node.callee.type === 'MemberExpression' &&
  node.callee.property.type === 'Identifier' &&
  WRITES.has(node.callee.property.name)
    ? node.callee
    : undefined;

export function seamsPlugin(ownersFile) {
  const owners = JSON.parse(fs.readFileSync(ownersFile, 'utf8'));
  const tableOwner = new Map();
  for (const [module, tables] of Object.entries(owners)) for (const t of tables) tableOwner.set(t, module);

  return {
    rules: {
      'table-owner': {
        meta: { type: 'problem', schema: [] },
        create(context) {
          const mine = moduleOf(context.filename);
          if (!mine || isTest(context.filename) || mine === 'scripts' || mine === 'db') return {};
          return {
            CallExpression(node) {
              if (!writeOf(node)) return;
              const table = tableOf(node);
              if (!table) return;
              const owner = tableOwner.get(table);
              if (owner === mine) return;
              context.report({
                node,
                message: owner
                  ? `'${table}' belongs to the ${owner} module: write it through ${owner}'s service or repository (ADR 0039).`
                  : `'${table}' has no owner in apps/server/src/db/table-owners.json.`,
              });
            },
          };
        },
      },
      'repository-opens-no-transaction': {
        meta: { type: 'problem', schema: [] },
        create(context) {
          if (!/repository\.ts$/.test(context.filename) || isTest(context.filename)) return {};
          return {
            CallExpression(node) {
              const callee = node.callee;
              const opens =
                (callee.type === 'Identifier' && callee.name === 'transact') ||
                (callee.type === 'MemberExpression' &&
                  callee.property.type === 'Identifier' &&
                  callee.property.name === 'transaction');
              if (opens)
                context.report({
                  node,
                  message: 'A repository takes an executor and never opens a transaction: the service does (ADR 0039).',
                });
            },
          };
        },
      },
      'write-through-executor': {
        meta: { type: 'problem', schema: [] },
        create(context) {
          const mine = moduleOf(context.filename);
          if (!mine || isTest(context.filename) || !context.filename.includes(`${SERVER}modules${path.sep}`)) return {};
          return {
            CallExpression(node) {
              const callee = writeOf(node);
              if (!callee) return;
              const on = callee.object;
              const onDb =
                (on.type === 'Identifier' && on.name === 'db') ||
                (on.type === 'MemberExpression' && on.property.type === 'Identifier' && on.property.name === 'db');
              if (onDb)
                context.report({
                  node,
                  message:
                    'A write runs on the executor it was given (the transaction of transact), never on the database handle (ADR 0039).',
                });
            },
          };
        },
      },
    },
  };
}
