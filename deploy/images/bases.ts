import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../compose.ts';
import { imageExists, imagesDir, podmanEnvironment, run } from './podman.ts';

/**
 * The base images the builds start from: the public ones the Dockerfiles name by default
 * (node:24-bookworm-slim, nginxinc/nginx-unprivileged), or local stand-ins built by bases.sh when no
 * registry answers. LISTREADY_BASE_IMAGES=public|local decides; unset, public when they are in
 * local storage or can be pulled, local otherwise.
 */

export interface BaseImages {
  source: 'public' | 'local';
  NODE_IMAGE: string;
  NGINX_IMAGE: string;
}

type BaseArgument = 'NODE_IMAGE' | 'NGINX_IMAGE';

/** The default of `ARG NAME=…` in a Dockerfile (the public image a user pulls). */
export function dockerfileDefault(dockerfile: string, name: BaseArgument): string {
  const match = new RegExp(`^ARG ${name}=(\\S+)\\s*$`, 'm').exec(readFileSync(dockerfile, 'utf8'));
  if (!match?.[1]) throw new Error(`${dockerfile} has no default for ARG ${name}`);
  return match[1];
}

/** node:24-bookworm-slim → docker.io/library/node:24-bookworm-slim (podman resolves no short names here). */
export function qualified(image: string): string {
  const [first, ...rest] = image.split('/');
  if (rest.length > 0 && first && /[.:]|^localhost$/.test(first)) return image;
  return rest.length === 0 ? `docker.io/library/${image}` : `docker.io/${image}`;
}

export function publicBaseImages(): BaseImages {
  return {
    source: 'public',
    NODE_IMAGE: qualified(dockerfileDefault(path.join(repoRoot, 'deploy/node/Dockerfile'), 'NODE_IMAGE')),
    NGINX_IMAGE: qualified(dockerfileDefault(path.join(repoRoot, 'deploy/static/Dockerfile'), 'NGINX_IMAGE')),
  };
}

async function localBaseImages(): Promise<BaseImages> {
  const result = await run('bash', [path.join(imagesDir, 'bases.sh')], { env: podmanEnvironment() });
  process.stderr.write(result.stderr);
  if (result.code !== 0) throw new Error(`deploy/images/bases.sh failed (${result.code})`);
  const value = (name: BaseArgument) => {
    const match = new RegExp(`^${name}=(\\S+)$`, 'm').exec(result.stdout);
    if (!match?.[1]) throw new Error(`deploy/images/bases.sh did not name ${name}`);
    return match[1];
  };
  return { source: 'local', NODE_IMAGE: value('NODE_IMAGE'), NGINX_IMAGE: value('NGINX_IMAGE') };
}

async function pullable(image: string): Promise<boolean> {
  if (await imageExists(image)) return true;
  return (await run('podman', ['pull', '--quiet', image], { timeoutMs: 180_000 })).code === 0;
}

export async function resolveBaseImages(env: NodeJS.ProcessEnv = process.env): Promise<BaseImages> {
  const wanted = env.LISTREADY_BASE_IMAGES?.trim();
  if (wanted && wanted !== 'public' && wanted !== 'local')
    throw new Error(`LISTREADY_BASE_IMAGES must be public or local, not ${wanted}`);
  if (wanted === 'local') return localBaseImages();
  const images = publicBaseImages();
  if (wanted === 'public') return images;
  if ((await pullable(images.NODE_IMAGE)) && (await pullable(images.NGINX_IMAGE))) return images;
  console.log('the public base images cannot be pulled: building local ones (deploy/images/bases.sh)');
  return localBaseImages();
}
