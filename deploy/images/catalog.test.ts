import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCompose, repoRoot } from '../compose.ts';
import { dockerfileDefault, publicBaseImages, qualified } from './bases.ts';
import {
  chartImageNaming,
  chartImages,
  imageCatalog,
  imageNaming,
  imageReference,
  interpolate,
  repositoryOf,
} from './catalog.ts';

const compose = loadCompose();
const catalog = imageCatalog(compose);

describe('the image catalog (deploy/compose.yaml, named as the chart names them)', () => {
  it('has one entry per image, with every compose service that builds one', () => {
    const names = catalog.map((spec) => spec.name);
    expect(new Set(names).size).toBe(names.length);
    const building = Object.entries(compose.services)
      .filter(([, service]) => service.build)
      .map(([name]) => name)
      .sort();
    expect(catalog.flatMap((spec) => spec.services).sort()).toEqual(building);
    expect(catalog.find((spec) => spec.name === 'jobs')?.services.sort()).toEqual([
      'kafka-topics',
      'migrate',
    ]);
  });

  it('builds Node components from deploy/node and the front end from deploy/static, each with its .dockerignore', () => {
    for (const spec of catalog) {
      expect(path.relative(repoRoot, spec.dockerfile)).toBe(`deploy/${spec.kind}/Dockerfile`);
      expect(spec.ignorefile).toBe(`${spec.dockerfile}.dockerignore`);
      if (spec.kind === 'static') expect(spec.buildArgs.APP, spec.name).toBe(spec.name);
      else expect(spec.buildArgs.COMPONENT, spec.name).toBeTruthy();
    }
  });

  it('names exactly the images `helm template` deploys, with the same registry and tag', () => {
    const naming = chartImageNaming();
    expect(catalog.map((spec) => imageReference(spec.name, naming)).sort()).toEqual(chartImages(naming));
    const other = { registry: 'registry.example.com/team', tag: '9.9.9' };
    expect(catalog.map((spec) => imageReference(spec.name, other)).sort()).toEqual(chartImages(other));
  });

  it("has compose default to the chart's names: <global.image.registry>/<name>:<appVersion>", () => {
    const naming = chartImageNaming();
    expect(naming.tag).toMatch(/^\d+\.\d+\.\d+/);
    for (const spec of catalog)
      for (const service of spec.services)
        expect(interpolate(compose.services[service]?.image ?? '', {}), service).toBe(
          imageReference(spec.name, naming),
        );
  });

  it('takes LISTREADY_REGISTRY and LISTREADY_TAG over the chart defaults', () => {
    expect(imageNaming({ LISTREADY_REGISTRY: 'localhost/lr', LISTREADY_TAG: 'ci-1' })).toEqual({
      registry: 'localhost/lr',
      tag: 'ci-1',
    });
    expect(imageNaming({ LISTREADY_TAG: ' ' })).toEqual(chartImageNaming());
    expect(imageReference('auth', { registry: '', tag: '1' })).toBe('auth:1');
    expect(repositoryOf('ghcr.io/listready/mfe-seller:0.1.0')).toBe('mfe-seller');
  });
});

describe('compose interpolation', () => {
  it('reads ${NAME}, ${NAME:-default} (unset or empty) and ${NAME-default} (unset only)', () => {
    const env = { SET: 'value', EMPTY: '' };
    expect(interpolate('${SET}/${UNSET}', env)).toBe('value/');
    expect(interpolate('${SET:-x} ${EMPTY:-x} ${UNSET:-x}', env)).toBe('value x x');
    expect(interpolate('${SET-x} ${EMPTY-x} ${UNSET-x}', env)).toBe('value  x');
    expect(interpolate('${LISTREADY_REGISTRY:-ghcr.io/listready}/auth', {})).toBe('ghcr.io/listready/auth');
  });
});

describe('base images', () => {
  it('are the public images the Dockerfiles name by default, fully qualified for podman', () => {
    expect(dockerfileDefault(path.join(repoRoot, 'deploy/node/Dockerfile'), 'NODE_IMAGE')).toBe(
      'node:24-bookworm-slim',
    );
    expect(publicBaseImages()).toMatchObject({
      NODE_IMAGE: 'docker.io/library/node:24-bookworm-slim',
      NGINX_IMAGE: expect.stringMatching(/^docker\.io\/nginxinc\/nginx-unprivileged:/),
    });
    expect(qualified('localhost/listready-base/node:24')).toBe('localhost/listready-base/node:24');
    expect(qualified('ghcr.io/x/y:1')).toBe('ghcr.io/x/y:1');
  });
});
