# Shared by start.sh, stop.sh and clean.sh (sourced, not run). Expects KAFKA_DIR to be set.
# shellcheck shell=bash

REPO_ROOT="$(cd "$KAFKA_DIR/../.." && pwd)"
CACHE_DIR="$KAFKA_DIR/.cache"
LIBS_DIR="$CACHE_DIR/libs"
LIBS_STAMP="$LIBS_DIR/.complete"
CONFIG_FILE="$CACHE_DIR/server.properties"
LOG4J_FILE="$CACHE_DIR/log4j.properties"
LOG_FILE="$CACHE_DIR/kafka.log"
PID_FILE="$CACHE_DIR/kafka.pid"
LOCK_FILE="$CACHE_DIR/.lock"
DATA_DIR="$(realpath -m "${KAFKA_DATA_DIR:-$CACHE_DIR/data}")"
PORT="${KAFKA_PORT:-9092}"
CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-$((PORT + 1))}"

log() { printf '[kafka] %s\n' "$*"; }
die() {
  printf '[kafka] error: %s\n' "$*" >&2
  exit 1
}

# A Kafka Uuid — 16 random bytes in URL-safe base64 without padding, as `random-uuid` prints it —
# from the bytes on standard input. Never one starting with '-': kafka-storage's command line would
# take it for an option (so Kafka's own Uuid.randomUuid() draws again too); one id in 64 did.
new_cluster_id() {
  local id='-'
  while [[ "$id" == -* ]]; do
    id="$(head -c 16 | base64 | tr '+/' '-_' | tr -d '=\n')"
  done
  printf '%s\n' "$id"
}

resolve_java() {
  if [[ -n "${JAVA_HOME:-}" && -x "$JAVA_HOME/bin/java" ]]; then
    JAVA="$JAVA_HOME/bin/java"
  else
    JAVA="$(command -v java)" || die "java (17+) not found on PATH and JAVA_HOME is not set"
  fi
}

# Class-data-sharing archive of the broker's classes: cuts JVM start-up by a few seconds, which
# matters for tests that stop and restart the broker. Keyed by the JDK so an upgrade makes a new one;
# it lives in the libs dir so re-fetched jars drop it. Recorded on the first run's clean exit.
cds_archive_path() {
  local java_real key
  java_real="$(readlink -f "$JAVA")"
  key="$(printf '%s %s' "$java_real" "$(stat -c %Y "$java_real")" | sha256sum | cut -c1-12)"
  echo "$LIBS_DIR/.kafka-cds-$key.jsa"
}

# start/stop/clean serialise on one lock so concurrent calls (parallel CI steps, tests) cannot race.
acquire_lock() {
  mkdir -p "$CACHE_DIR"
  exec 9>"$LOCK_FILE"
  flock -w 180 9 || die "another start/stop is still running (lock $LOCK_FILE)"
}

is_our_broker() {
  local pid="$1" cmdline
  [[ -r "/proc/$pid/cmdline" ]] || return 1
  cmdline="$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null)" || return 1
  [[ "$cmdline" == *" kafka.Kafka $CONFIG_FILE"* ]]
}

# Prints the pid of the broker this checkout started, if it is alive. Falls back to scanning /proc
# for our exact config path in case the pid file was lost.
running_pid() {
  local pid
  if [[ -f "$PID_FILE" ]]; then
    pid="$(cat "$PID_FILE" 2>/dev/null || true)"
    if [[ "$pid" =~ ^[0-9]+$ ]] && is_our_broker "$pid"; then
      echo "$pid"
      return 0
    fi
    rm -f "$PID_FILE"
  fi
  local entry
  for entry in /proc/[0-9]*; do
    pid="${entry#/proc/}"
    if is_our_broker "$pid"; then
      echo "$pid" >"$PID_FILE"
      echo "$pid"
      return 0
    fi
  done
  return 1
}

port_open() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# The port opening is not enough: the broker must answer a metadata request listing itself.
# kafkajs from the monorepo is fastest; Kafka's own BrokerApiVersionsCommand is the fallback.
broker_answers_metadata() {
  local port="$1"
  if command -v node >/dev/null && [[ -d "$REPO_ROOT/node_modules/kafkajs" ]]; then
    LISTREADY_ROOT="$REPO_ROOT" LISTREADY_KAFKA_PORT="$port" timeout 10 node -e '
      const { createRequire } = require("node:module");
      const { Kafka, logLevel } = createRequire(process.env.LISTREADY_ROOT + "/package.json")("kafkajs");
      const kafka = new Kafka({
        clientId: "listready-kafka-start",
        brokers: ["127.0.0.1:" + process.env.LISTREADY_KAFKA_PORT],
        logLevel: logLevel.NOTHING,
        connectionTimeout: 2000,
        requestTimeout: 4000,
        retry: { retries: 0 },
      });
      const admin = kafka.admin();
      (async () => {
        await admin.connect();
        const cluster = await admin.describeCluster();
        await admin.listTopics();
        await admin.disconnect();
        process.exit(cluster.brokers.length > 0 ? 0 : 1);
      })().catch(() => process.exit(1));
    ' >/dev/null 2>&1
  else
    [[ -n "${JAVA:-}" && -d "$LIBS_DIR" ]] || return 1
    timeout 20 "$JAVA" -Xmx128m -cp "$LIBS_DIR/*" "-Dlog4j.configuration=file:$LOG4J_FILE" \
      kafka.admin.BrokerApiVersionsCommand --bootstrap-server "127.0.0.1:$port" >/dev/null 2>&1
  fi
}
