import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './server.js';

/** The code a benchmark runs: the working tree, or one commit exported to a temp folder. */
export interface Tree {
  root: string;
  /** Short commit id. */
  commit: string;
  /** What the code is, for the report. */
  describe: string;
  remove: () => void;
}

const git = (...args: string[]) => {
  const r = spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout.trim();
};

/** The working tree as it is, uncommitted changes of the server and contract counted. */
export function workingTree(): Tree {
  const commit = git('rev-parse', '--short', 'HEAD');
  const dirty = git('status', '--porcelain', '--', 'apps/server', 'packages/contract').split('\n').filter(Boolean);
  return {
    root: repoRoot,
    commit,
    describe: dirty.length
      ? `working tree at ${commit} + ${dirty.length} uncommitted change(s) under apps/server or packages/contract`
      : `working tree at ${commit} (no uncommitted change under apps/server or packages/contract)`,
    remove: () => undefined,
  };
}

/**
 * The server and contract of commit `ref` (`git archive`, so the working tree and index are not
 * touched) in a temp folder, with the repository's node_modules linked in, except @rally/*,
 * which point at the exported packages. The current bench/support/seed.ts is copied in too.
 */
export function treeAt(ref: string): Tree {
  const commit = git('rev-parse', '--short', `${ref}^{commit}`);
  const root = mkdtempSync(path.join(os.tmpdir(), `rally-bench-${commit}-`));
  try {
    const tar = path.join(root, 'tree.tar');
    git(
      'archive',
      '--format=tar',
      '-o',
      tar,
      commit,
      'apps/server',
      'packages/contract',
      'tsconfig.base.json',
      'package.json',
    );
    const x = spawnSync('tar', ['-xf', tar, '-C', root], { encoding: 'utf8' });
    if (x.status !== 0) throw new Error(`tar failed: ${x.stderr}`);
    rmSync(tar);
    mkdirSync(path.join(root, 'bench/support'), { recursive: true });
    copyFileSync(path.join(repoRoot, 'bench/support/seed.ts'), path.join(root, 'bench/support/seed.ts'));
    linkModules(root);
  } catch (err) {
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
  return {
    root,
    commit,
    describe: `commit ${commit} (BENCH_REF=${ref}, exported with git archive: no uncommitted change)`,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * The repository's node_modules linked into an exported tree, except @rally/*, which point at
 * the exported packages; the server's own node_modules (packages npm did not hoist) too.
 */
function linkModules(root: string): void {
  const modules = path.join(root, 'node_modules');
  mkdirSync(path.join(modules, '@rally'), { recursive: true });
  for (const entry of readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry !== '@rally') symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  symlinkSync(path.join(root, 'packages/contract'), path.join(modules, '@rally/contract'));
  symlinkSync(path.join(root, 'apps/server'), path.join(modules, '@rally/server'));
  const serverModules = path.join(repoRoot, 'apps/server/node_modules');
  if (existsSync(serverModules) && !existsSync(path.join(root, 'apps/server/node_modules')))
    symlinkSync(serverModules, path.join(root, 'apps/server/node_modules'));
}

/**
 * The working tree's server and contract as they are now, uncommitted changes included, copied
 * (without dist/ and node_modules/) to a temp folder, with `files` (paths from the repository
 * root, e.g. a seed script) and the repository's node_modules linked as in `treeAt`. Build it
 * with `buildServer`: on a tree others edit and build while a long benchmark runs, neither
 * their half-written files nor their builds of apps/server/dist can change what is measured.
 */
export function workingTreeSnapshot(files: string[] = []): Tree {
  const commit = git('rev-parse', '--short', 'HEAD');
  const dirty = git('status', '--porcelain', '--', 'apps/server', 'packages/contract').split('\n').filter(Boolean);
  const root = mkdtempSync(path.join(os.tmpdir(), `rally-bench-wt-${commit}-`));
  try {
    const skip = /(^|\/)(dist|node_modules)(\/|$)|\.tsbuildinfo$/;
    for (const part of ['apps/server', 'packages/contract', 'tsconfig.base.json', 'package.json', ...files])
      cpSync(path.join(repoRoot, part), path.join(root, part), {
        recursive: true,
        filter: (src) => !skip.test(path.relative(repoRoot, src)),
      });
    linkModules(root);
  } catch (err) {
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
  return {
    root,
    commit,
    describe: `working tree at ${commit} + ${dirty.length} uncommitted change(s) under apps/server or packages/contract, copied at ${new Date().toISOString()} and built in a temp folder`,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * Builds the contract and the server of `tree` (tsc -b, as `npm run build -w …` does). tsc emits
 * despite type errors: when the server was emitted all the same, the build runs, and the answer is
 * a note for the report saying so (else '').
 */
export function buildServer(tree: Tree): string {
  try {
    buildOnce(tree);
    return '';
  } catch (err) {
    // A snapshot has no dist of its own before this build.
    if (!existsSync(path.join(tree.root, 'apps/server/dist/main.js'))) throw err;
    const note = `tsc reported errors (${(err as Error).message}) but emitted the build, which runs`;
    console.error(`warning: ${note}`);
    return note;
  }
}

function buildOnce(tree: Tree): void {
  const tsc = path.join(repoRoot, 'node_modules/typescript/bin/tsc');
  for (const project of ['packages/contract/tsconfig.build.json', 'apps/server/tsconfig.build.json']) {
    console.error(`building ${project} in ${tree.root}`);
    const r = spawnSync(process.execPath, [tsc, '-b', project], {
      cwd: tree.root,
      stdio: ['ignore', 2, 2],
      timeout: 240_000,
    });
    if (r.status !== 0) throw new Error(`tsc -b ${project} failed (${r.error?.message ?? `exit ${r.status}`})`);
  }
}
