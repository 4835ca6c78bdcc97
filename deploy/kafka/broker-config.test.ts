import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const kafkaDir = import.meta.dirname;
const scratch = mkdtempSync(path.join(tmpdir(), 'listready-broker-config-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** common.sh's `write_config` for a broker on `port` with its log in `dataDir`, as the bench's broker calls it. */
function writeConfig(port: number, dataDir: string): { server: string; log4j: string } {
  const server = path.join(scratch, `server-${port}.properties`);
  const log4j = path.join(scratch, `log4j-${port}.properties`);
  execFileSync(
    'bash',
    ['-c', 'source "$KAFKA_DIR/common.sh" && write_config "$1" "$2"', 'config', server, log4j],
    {
      env: { ...process.env, KAFKA_DIR: kafkaDir, KAFKA_PORT: String(port), KAFKA_DATA_DIR: dataDir },
    },
  );
  return { server: readFileSync(server, 'utf8'), log4j: readFileSync(log4j, 'utf8') };
}

describe("the broker's configuration (deploy/kafka/common.sh), start.sh's and the benches' alike", () => {
  it('listens on the port asked for, its controller on the next, and keeps its log in the folder given', () => {
    const { server } = writeConfig(9192, path.join(scratch, 'logs'));
    expect(server).toContain('listeners=PLAINTEXT://127.0.0.1:9192,CONTROLLER://127.0.0.1:9193\n');
    expect(server).toContain('advertised.listeners=PLAINTEXT://127.0.0.1:9192\n');
    expect(server).toContain(`log.dirs=${path.join(scratch, 'logs')}\n`);
    expect(server).toContain('auto.create.topics.enable=false\n');
  });

  it('logs at INFO, with the request logger at WARN: at DEBUG the broker describes every request in JSON', () => {
    const { log4j } = writeConfig(9092, path.join(scratch, 'data'));
    expect(log4j).toContain('log4j.rootLogger=INFO, stdout\n');
    expect(log4j).toContain('log4j.logger.kafka.request.logger=WARN\n');
  });
});
