import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const kafkaDir = import.meta.dirname;
const scratch = mkdtempSync(path.join(tmpdir(), 'listready-cluster-id-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `new_cluster_id` (common.sh) reading `bytes` as its random source. */
function clusterIdFrom(bytes: Buffer): string {
  const source = path.join(scratch, 'random');
  writeFileSync(source, bytes);
  return execFileSync(
    'bash',
    ['-c', 'source "$KAFKA_DIR/common.sh" && new_cluster_id < "$1"', 'cluster-id', source],
    { env: { ...process.env, KAFKA_DIR: kafkaDir }, encoding: 'utf8' },
  ).trim();
}

describe("the local broker's cluster id (deploy/kafka/start.sh)", () => {
  it('is a Kafka Uuid: 16 bytes in URL-safe base64 without padding', () => {
    const bytes = Buffer.from('0bef7f00112233445566778899aabbfc', 'hex');
    expect(clusterIdFrom(bytes)).toBe(bytes.toString('base64url'));
    expect(clusterIdFrom(bytes)).toMatch(/^[\w-]{22}$/);
  });

  it("never starts with '-', which kafka-storage's command line takes for an option: it draws again", () => {
    // 0xf8… encodes to '-' first (one id in 64): a CI run failed on one ("expected one argument").
    const dash = Buffer.alloc(16, 0xf8);
    expect(dash.toString('base64url')).toMatch(/^-/);
    const next = Buffer.alloc(16, 0x01);
    expect(clusterIdFrom(Buffer.concat([dash, dash, next]))).toBe(next.toString('base64url'));
  });
});
