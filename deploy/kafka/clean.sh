#!/usr/bin/env bash
# Stops the broker and wipes its data dir (topics, offsets, cluster id). Jars stay cached.
# The next start.sh formats fresh storage.
set -euo pipefail

KAFKA_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=common.sh
source "$KAFKA_DIR/common.sh"

bash "$KAFKA_DIR/stop.sh"
acquire_lock
# Refuse to wipe anything that does not look like a Kafka data dir (e.g. a mistyped KAFKA_DATA_DIR=/).
if [[ -d "$DATA_DIR" ]]; then
  if [[ "$DATA_DIR" == "/" || "$DATA_DIR" == "$HOME" || "$DATA_DIR" == "$REPO_ROOT" ]] ||
    { [[ -n "$(ls -A "$DATA_DIR")" ]] && [[ ! -f "$DATA_DIR/meta.properties" ]]; }; then
    die "$DATA_DIR is not a Kafka data dir (no meta.properties); not wiping it"
  fi
  rm -rf "$DATA_DIR"
  log "wiped $DATA_DIR"
else
  log "no data dir at $DATA_DIR"
fi
