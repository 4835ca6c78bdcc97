import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const deployDir = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(deployDir, '..');
export const composeFile = path.join(deployDir, 'compose.yaml');

export interface ComposeBuild {
  context: string;
  dockerfile: string;
  target?: string;
  args?: Record<string, string>;
}

export interface ComposeService {
  image?: string;
  build?: ComposeBuild;
  command?: string[];
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
  read_only?: boolean;
  cap_drop?: string[];
  tmpfs?: string[];
  user?: string;
  entrypoint?: string[];
  volumes?: string[];
  restart?: string;
}

export interface ComposeFile {
  name: string;
  services: Record<string, ComposeService>;
}

/** deploy/compose.yaml as Docker Compose reads it (YAML merge keys `<<:` included). */
export function loadCompose(): ComposeFile {
  return parse(readFileSync(composeFile, 'utf8'), { merge: true }) as ComposeFile;
}

/** Where a service's build context and Dockerfile are, as absolute paths. */
export function buildPaths(build: ComposeBuild): { context: string; dockerfile: string } {
  const context = path.resolve(deployDir, build.context);
  return { context, dockerfile: path.resolve(context, build.dockerfile) };
}
