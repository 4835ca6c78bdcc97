/**
 * `npm run images`: builds every image of the platform with podman, named as the Helm chart names
 * them, then checks that `helm template` refers to exactly those images.
 *
 *   npm run images                          # every image: <registry>/<name>:<tag>
 *   npm run images -- --only mfe-seller     # some of them (no chart check)
 *
 * The list comes from deploy/compose.yaml (catalog.ts); the bases from bases.ts (the public images,
 * or local ones built with mmdebstrap when no registry answers).
 * Env: LISTREADY_REGISTRY and LISTREADY_TAG (default: the chart's registry and appVersion),
 * LISTREADY_BASE_IMAGES=public|local, LISTREADY_BUILD_CA (a CA bundle for npm behind a TLS-inspecting
 * proxy; NODE_EXTRA_CA_CERTS is used when unset), LISTREADY_IMAGES_LOGS (build logs), CONTAINERS_CONF.
 */
import { parseArgs } from 'node:util';
import { resolveBaseImages } from './bases.ts';
import { buildImages, defaultLogDir } from './builder.ts';
import { chartImages, imageCatalog, imageNaming } from './catalog.ts';
import { imageExists, megabytes, podmanAvailable } from './podman.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { only: { type: 'string' } } });
  if (!(await podmanAvailable())) {
    throw new Error(
      'podman is not installed: apt-get install -y podman runc mmdebstrap (docs/operations.md)',
    );
  }
  const naming = imageNaming();
  const only = values.only?.split(',').map((name) => name.trim());
  const catalog = imageCatalog();
  const unknown = (only ?? []).filter((name) => !catalog.some((spec) => spec.name === name));
  if (unknown.length > 0) throw new Error(`no image named ${unknown.join(', ')}`);
  const specs = only ? catalog.filter((spec) => only.includes(spec.name)) : catalog;

  const started = performance.now();
  const bases = await resolveBaseImages();
  console.log(`bases (${bases.source}): NODE_IMAGE=${bases.NODE_IMAGE} NGINX_IMAGE=${bases.NGINX_IMAGE}`);
  console.log(
    `building ${specs.length} images, logs in ${process.env.LISTREADY_IMAGES_LOGS ?? defaultLogDir()}`,
  );
  const built = await buildImages(specs, {
    naming,
    bases,
    logDir: process.env.LISTREADY_IMAGES_LOGS,
    onBuilt: (image) =>
      console.log(`  built ${image.reference} (${megabytes(image.bytes)}) in ${image.seconds.toFixed(0)} s`),
  });
  console.log(`\n${'image'.padEnd(48)} ${'size'.padStart(8)}  built from`);
  for (const image of built) {
    const from = `${image.spec.kind === 'node' ? 'deploy/node' : 'deploy/static'}/Dockerfile ${
      image.spec.target ? `--target ${image.spec.target} ` : ''
    }${Object.entries(image.spec.buildArgs)
      .map(([name, value]) => `${name}=${value}`)
      .join(' ')}`;
    console.log(`${image.reference.padEnd(48)} ${megabytes(image.bytes).padStart(8)}  ${from}`);
  }
  console.log(`${built.length} images in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  if (only) return;
  const expected = chartImages(naming);
  const builtReferences = new Set(built.map((image) => image.reference));
  console.log(
    `\nhelm template --set global.image.registry=${naming.registry},global.image.tag=${naming.tag}:`,
  );
  const missing: string[] = [];
  for (const image of expected) {
    const ok = builtReferences.has(image) && (await imageExists(image));
    console.log(`  ${image} ${ok ? 'built' : 'NOT BUILT'}`);
    if (!ok) missing.push(image);
  }
  const unused = [...builtReferences].filter((reference) => !expected.includes(reference));
  if (missing.length > 0 || unused.length > 0) {
    throw new Error(
      `the chart and the build disagree: not built ${missing.join(', ') || 'none'}; not in the chart ${
        unused.join(', ') || 'none'
      }`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
