/**
 * `npm run images:smoke`: the platform started from its images the way deploy/compose.yaml wires
 * it, on the host network against the engines named by DATABASE_URL, REDIS_URL and KAFKA_BROKERS,
 * every container read-only, non-root and without capabilities; then a smoke test through the edge
 * (compose's stand-in for the Ingress), the gateway and the static containers. Exits non-zero on any
 * failure. Build the images first (`npm run images`, same LISTREADY_REGISTRY / LISTREADY_TAG).
 *
 *   npm run images:smoke
 *   npm run images:smoke -- --redeploy-remote   # then roll mfe-seller alone (an independent deploy)
 *   npm run images:smoke -- --keep              # leave the containers running (and print where)
 *
 * Env: DATABASE_URL, REDIS_URL, KAFKA_BROKERS (required), LISTREADY_REGISTRY, LISTREADY_TAG,
 * LISTREADY_BASE_IMAGES, LISTREADY_IMAGES_REPORT (a JSON file for the results), CHROMIUM_PATH.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { REMOTE_NAMES, taskEntriesSchema, topicFor } from '@listready/contracts';
import { freePort } from '@listready/db';
import { Kafka, logLevel } from '@listready/events/kafkajs';
import { renderChart } from '../../charts/src/render.ts';
import { loadCompose, repoRoot, type ComposeService } from '../compose.ts';
import { resolveBaseImages } from './bases.ts';
import { buildImage } from './builder.ts';
import { imageCatalog, imageNaming, imageReference, type ImageNaming, type ImageSpec } from './catalog.ts';
import { launchChromium, watchedPage } from './browser.ts';
import {
  containerLogs,
  containerName,
  containerState,
  healthCheckPasses,
  removeContainer,
  removeSmokeContainers,
  runJob,
  securityFacts,
  startContainer,
  waitForOk,
  type ContainerOptions,
  type ContainerState,
} from './containers.ts';
import { imageSize, megabytes, podman, podmanAvailable, run } from './podman.ts';
import { containerEnvironment, ENGINE_VARIABLES, nginxOnHostNetwork, type Engines } from './wiring.ts';

const { values: flags } = parseArgs({
  options: { 'redeploy-remote': { type: 'boolean' }, keep: { type: 'boolean' } },
});

class SmokeFailure extends Error {
  readonly code = 'SMOKE_FAILED';
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new SmokeFailure(message);
}

// --- what runs: compose's services, the images the catalog builds, the engines from the environment ---

const compose = loadCompose();
const catalog = imageCatalog(compose);
const naming = imageNaming();
const imageOf = new Map(catalog.flatMap((spec) => spec.services.map((service) => [service, spec])));

function enginesFromEnvironment(): Engines {
  const missing = ENGINE_VARIABLES.filter((name) => !process.env[name]?.trim());
  if (missing.length > 0)
    throw new SmokeFailure(`set ${missing.join(', ')}: the smoke test runs against real engines`);
  const value = (name: (typeof ENGINE_VARIABLES)[number]) => process.env[name]?.trim() ?? '';
  return {
    DATABASE_URL: value('DATABASE_URL'),
    REDIS_URL: value('REDIS_URL'),
    KAFKA_BROKERS: value('KAFKA_BROKERS'),
  };
}

const isJob = (service: ComposeService) => service.restart === 'no';

/** Compose's services in start order: each after the platform services it depends on (engines aside). */
function startOrder(names: readonly string[]): string[] {
  const ordered: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (ordered.includes(name)) return;
    if (path.includes(name))
      throw new SmokeFailure(`compose depends_on cycle: ${[...path, name].join(' → ')}`);
    for (const dependency of Object.keys(compose.services[name]?.depends_on ?? {}))
      if (names.includes(dependency)) visit(dependency, [...path, name]);
    ordered.push(name);
  };
  names.forEach((name) => visit(name, []));
  return ordered;
}

// --- results ---

interface StartResult {
  service: string;
  image: string;
  bytes: number;
  /** From `podman run` to the first 200 on /readyz (a job: to its successful end). */
  coldStartSeconds: number;
}

const started: StartResult[] = [];
const checks: Array<{ name: string; ok: boolean; detail: string }> = [];

async function step(name: string, body: () => Promise<string>): Promise<void> {
  const since = performance.now();
  try {
    const detail = await body();
    checks.push({ name, ok: true, detail });
    // ✓ and ✗ as vitest marks its tests: a line opening with `ok` or `FAIL` reads as another test
    // runner's result line (TAP, go test) to a reader of CI's output.
    console.log(
      `  ✓ ${name} (${((performance.now() - since) / 1000).toFixed(1)} s)${detail ? `: ${detail}` : ''}`,
    );
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    checks.push({ name, ok: false, detail });
    console.log(`  ✗ ${name}: ${detail}`);
    throw new SmokeFailure(`${name}: ${detail}`);
  }
}

// --- the platform on the host network ---

interface Platform {
  ports: Map<string, number>;
  edgeUrl: string;
  workDir: string;
  remotesDir: string;
  containers: string[];
  /** How each long-running service was started (the redeploy starts one again the same way). */
  options: Map<string, ContainerOptions>;
  /** Images this run built (the redeployed remote): removed at the end. */
  extraImages: string[];
}

async function nginxConfigOf(image: string): Promise<string> {
  return podman(['run', '--rm', '--network=none', '--entrypoint=cat', image, '/etc/nginx/nginx.conf']);
}

/** The chart's /remotes.json (ConfigMap listready-remotes) for these image names and `set` values. */
function chartRemotesJson(names: ImageNaming, set: Record<string, string> = {}): string {
  const objects = renderChart({
    set: { 'global.image.registry': names.registry, 'global.image.tag': names.tag, ...set },
  });
  const configMap = objects.find(
    (object) => object.kind === 'ConfigMap' && object.metadata.name.endsWith('-remotes'),
  ) as { data?: Record<string, string> } | undefined;
  const json = configMap?.data?.['remotes.json'];
  check(json, 'helm template renders no remotes.json ConfigMap');
  return json;
}

async function containerOptionsFor(
  service: string,
  platform: Platform,
  engines: Engines,
): Promise<ContainerOptions> {
  const definition = compose.services[service] as ComposeService;
  const spec = imageOf.get(service) as ImageSpec;
  const image = imageReference(spec.name, naming);
  const port = platform.ports.get(service);
  const options: ContainerOptions = { service, image, command: definition.command };
  if (spec.kind === 'node') {
    options.environment = containerEnvironment(definition, {
      env: process.env,
      engines,
      ports: platform.ports,
      publicUrl: platform.edgeUrl,
      port,
    });
    return options;
  }
  // nginx: the image's own configuration with its port moved; the shell reads /remotes.json from a
  // mounted folder, as from the chart's ConfigMap.
  check(port !== undefined, `no port for ${service}`);
  const confFile = path.join(platform.workDir, `${service}.nginx.conf`);
  writeFileSync(confFile, nginxOnHostNetwork(await nginxConfigOf(image), port, platform.ports));
  options.mounts = [[confFile, '/etc/nginx/nginx.conf']];
  if (spec.target === 'shell') options.mounts.push([platform.remotesDir, '/etc/listready']);
  options.healthCommand = `wget -q -O /dev/null http://127.0.0.1:${port}/healthz`;
  return options;
}

async function startService(
  service: string,
  options: ContainerOptions,
  platform: Platform,
): Promise<StartResult> {
  const port = platform.ports.get(service);
  const since = performance.now();
  const name = await startContainer(options);
  if (!platform.containers.includes(name)) platform.containers.push(name);
  const coldStartSeconds = await waitForOk(`http://127.0.0.1:${port}/readyz`, name, since);
  check(
    await healthCheckPasses(name),
    `${service}: the image's health check fails:\n${await containerLogs(name)}`,
  );
  return { service, image: options.image, bytes: await imageSize(options.image), coldStartSeconds };
}

async function startPlatform(engines: Engines): Promise<Platform> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'listready-smoke-'));
  const remotesDir = path.join(workDir, 'remotes');
  mkdirSync(remotesDir);
  writeFileSync(path.join(remotesDir, 'remotes.json'), chartRemotesJson(naming));
  const platformServices = Object.keys(compose.services).filter((name) => imageOf.has(name));
  const jobs = platformServices.filter((name) => isJob(compose.services[name] as ComposeService));
  const longRunning = startOrder(platformServices.filter((name) => !jobs.includes(name)));
  const ports = new Map<string, number>();
  for (const name of [...longRunning, 'edge']) ports.set(name, await freePort());
  const platform: Platform = {
    ports,
    edgeUrl: `http://127.0.0.1:${ports.get('edge')}`,
    workDir,
    remotesDir,
    containers: [],
    options: new Map(),
    extraImages: [],
  };

  await step(`jobs: ${jobs.join(', ')} (the chart's pre-install hooks) run to completion`, async () => {
    const lines: string[] = [];
    for (const job of jobs) {
      const options = await containerOptionsFor(job, platform, engines);
      const since = performance.now();
      const result = await runJob(options);
      const seconds = (performance.now() - since) / 1000;
      check(
        result.code === 0,
        `${job} exited ${result.code}:\n${`${result.stdout}${result.stderr}`.slice(-3000)}`,
      );
      started.push({
        service: job,
        image: options.image,
        bytes: await imageSize(options.image),
        coldStartSeconds: seconds,
      });
      lines.push(`${job} ${seconds.toFixed(1)} s`);
    }
    return lines.join(', ');
  });

  await step(
    `${longRunning.length} containers started in compose's order, each ready and healthy`,
    async () => {
      for (const service of longRunning) {
        const options = await containerOptionsFor(service, platform, engines);
        platform.options.set(service, options);
        const result = await startService(service, options, platform);
        started.push(result);
        console.log(
          `       ${service} on :${ports.get(service)} ready in ${result.coldStartSeconds.toFixed(1)} s`,
        );
      }
      return longRunning.join(' → ');
    },
  );

  await step(
    'edge (compose’s stand-in for the Ingress) routes /api, /remotes/<name>/ and the rest',
    async () => {
      const edge = compose.services.edge as ComposeService;
      const bases = await resolveBaseImages();
      const confFile = path.join(workDir, 'edge.nginx.conf');
      const source = (edge.volumes ?? [])
        .find((volume) => volume.endsWith(':/etc/nginx/nginx.conf:ro'))
        ?.split(':')[0];
      check(source, 'compose’s edge mounts no nginx.conf');
      const edgePort = ports.get('edge') as number;
      writeFileSync(
        confFile,
        nginxOnHostNetwork(readFileSync(path.resolve(repoRoot, 'deploy', source), 'utf8'), edgePort, ports),
      );
      const options: ContainerOptions = {
        service: 'edge',
        image: bases.NGINX_IMAGE,
        entrypoint: edge.entrypoint,
        mounts: [[confFile, '/etc/nginx/nginx.conf']],
        healthCommand: `wget -q -O /dev/null http://127.0.0.1:${edgePort}/healthz`,
      };
      const since = performance.now();
      const name = await startContainer(options);
      platform.containers.push(name);
      const seconds = await waitForOk(`${platform.edgeUrl}/healthz`, name, since);
      return `${platform.edgeUrl} (${bases.NGINX_IMAGE}) in ${seconds.toFixed(1)} s`;
    },
  );
  return platform;
}

// --- the checks ---

async function get(url: string, init: RequestInit = {}): Promise<Response> {
  return fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
}

async function checkContainers(platform: Platform): Promise<void> {
  await step(
    'every container: non-root, read-only root file system, writable /tmp, no capabilities',
    async () => {
      for (const name of platform.containers) {
        const facts = await securityFacts(name);
        check(facts.uid > 0, `${name} runs as uid ${facts.uid}`);
        check(
          /^0+$/.test(facts.effectiveCapabilities),
          `${name} has capabilities ${facts.effectiveCapabilities}`,
        );
        check(
          facts.addedCapabilities.length === 0,
          `${name} was given ${facts.addedCapabilities.join(', ')}`,
        );
        check(facts.rootReadOnly, `${name}'s root file system is writable`);
        check(facts.tmpWritable, `${name} has no writable /tmp`);
      }
      return `${platform.containers.length} containers`;
    },
  );
}

async function checkLandingPageHttp(platform: Platform): Promise<void> {
  await step('the landing page through the edge: a fresh style nonce in the page and its CSP', async () => {
    const nonces: string[] = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await get(`${platform.edgeUrl}/`, { headers: { Accept: 'text/html' } });
      check(response.status === 200, `GET / answered ${response.status}`);
      const html = await response.text();
      const csp = response.headers.get('content-security-policy') ?? '';
      const inPage = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(html)?.[1];
      check(inPage, 'the page has no <meta property="csp-nonce">');
      check(csp.includes(`'nonce-${inPage}'`), `the CSP does not allow the page's nonce: ${csp}`);
      nonces.push(inPage);
    }
    check(nonces[0] !== nonces[1], 'two responses carried the same nonce');
    return `nonces ${nonces.map((nonce) => nonce.slice(0, 8)).join(', ')}…`;
  });

  await step(
    'a visitor at a path no route knows, or asking a prerendered page by name: the not-found page, with a 404 and its nonce',
    async () => {
      const answers: string[] = [];
      for (const pathname of [
        '/no-such-page',
        '/landing.html',
        '/auth.html',
        '/reset-password-form.html',
        '/accept-invitation.html',
      ]) {
        const response = await get(`${platform.edgeUrl}${pathname}`, { headers: { Accept: 'text/html' } });
        check(response.status === 404, `GET ${pathname} answered ${response.status}`);
        const html = await response.text();
        check(
          html.includes('<title>Page not found · ListReady</title>'),
          `${pathname}: the 404 is not the not-found page`,
        );
        const inPage = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(html)?.[1];
        const csp = response.headers.get('content-security-policy') ?? '';
        check(
          inPage && csp.includes(`'nonce-${inPage}'`),
          `${pathname}: the page's nonce is not in its CSP: ${csp}`,
        );
        answers.push(`${pathname} 404, nonce ${inPage.slice(0, 8)}…`);
      }
      return answers.join('; ');
    },
  );

  await step(
    'a visitor at /auth: the sign-in form prerendered, create-account as an agent and by a group’s invite link too; with another query, the plain shell',
    async () => {
      const prerendered = (html: string) => html.includes('data-rendered-path="/auth"');
      const bare = await get(`${platform.edgeUrl}/auth`, { headers: { Accept: 'text/html' } });
      const html = await bare.text();
      check(bare.status === 200, `GET /auth answered ${bare.status}`);
      check(
        prerendered(html) && html.includes('<title>Sign in · ListReady</title>'),
        '/auth: not the sign-in page',
      );
      const inPage = /<meta property="csp-nonce" nonce="([^"]+)">/.exec(html)?.[1];
      const csp = bare.headers.get('content-security-policy') ?? '';
      check(
        inPage && html.includes(`<style data-inline-css nonce="${inPage}">`),
        '/auth: no nonce on its stylesheet',
      );
      check(csp.includes(`'nonce-${inPage}'`), `/auth: the page's nonce is not in its CSP: ${csp}`);
      const agent = await get(`${platform.edgeUrl}/auth?role=agent`, { headers: { Accept: 'text/html' } });
      check(agent.status === 200, `GET /auth?role=agent answered ${agent.status}`);
      const agentPage = await agent.text();
      check(
        prerendered(agentPage) && agentPage.includes('>Create your ListReady account</h1>'),
        '/auth?role=agent: not the prerendered create-account page',
      );
      const client = await get(`${platform.edgeUrl}/auth?role=client`, { headers: { Accept: 'text/html' } });
      check(client.status === 200, `GET /auth?role=client answered ${client.status}`);
      check(!prerendered(await client.text()), '/auth?role=client: a prerendered page');
      // A group's invite link: create-account saying what comes next; beside an agent's sign-up
      // (the page drawn for neither), the plain shell — nginx's map reads the same lookaheads.
      const joining = await get(`${platform.edgeUrl}/auth?join=K7QM2XPA`, {
        headers: { Accept: 'text/html' },
      });
      const joiningPage = await joining.text();
      check(
        joining.status === 200 &&
          prerendered(joiningPage) &&
          joiningPage.includes('You were invited to join a group.') &&
          !joiningPage.includes('K7QM2XPA'),
        '/auth?join=…: not the prerendered joining create-account page',
      );
      const mixed = await get(`${platform.edgeUrl}/auth?role=agent&join=K7QM2XPA`, {
        headers: { Accept: 'text/html' },
      });
      check(!prerendered(await mixed.text()), '/auth?role=agent&join=…: a prerendered page');
      return '/auth the sign-in page, /auth?role=agent and ?join= create-account, /auth?role=client and ?role=agent&join= the shell';
    },
  );

  /**
   * Each address as a visitor's browser asks for it, and what it drew: the view `viewOf` names in the
   * page prerendered at `renderedPath`, or the plain shell (undefined), checked against the expected.
   */
  const visitorViews = async (
    renderedPath: string,
    expected: ReadonlyArray<readonly [address: string, view: string | undefined]>,
    viewOf: (html: string) => string | undefined,
  ) => {
    const answers: string[] = [];
    for (const [address, view] of expected) {
      const response = await get(`${platform.edgeUrl}${address}`, { headers: { Accept: 'text/html' } });
      check(response.status === 200, `GET ${address} answered ${response.status}`);
      const html = await response.text();
      const drawn = html.includes(`data-rendered-path="${renderedPath}"`) ? viewOf(html) : undefined;
      check(
        drawn === view,
        `${address}: drew ${drawn ?? 'the plain shell'}, not ${view ?? 'the plain shell'}`,
      );
      answers.push(`${address} ${drawn ?? 'the shell'}`);
    }
    return answers.join('; ');
  };

  await step(
    'a visitor at /reset-password: the new-password form for a link with a token, the invalid-link view without one',
    () =>
      visitorViews(
        '/reset-password',
        [
          ['/reset-password?token=smoke-Token_1', 'Choose a new password'],
          ['/reset-password?utm_source=mail&token=smoke', 'Choose a new password'],
          ['/reset-password', 'Invalid Reset Link'],
          ['/reset-password?token=', undefined],
        ],
        (html) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1],
      ),
  );

  await step(
    'a visitor at /accept-invitation: asked to sign in for a link with an id, the missing-id view without one',
    () =>
      visitorViews(
        '/accept-invitation',
        [
          ['/accept-invitation?id=3f1c2b9e-smoke', 'Sign In to Accept Invitation'],
          ['/accept-invitation?utm_source=mail&id=smoke', 'Sign In to Accept Invitation'],
          ['/accept-invitation', 'No invitation ID found in URL'],
          ['/accept-invitation?invitationId=smoke', undefined],
        ],
        (html) =>
          ['Sign In to Accept Invitation', 'No invitation ID found in URL'].find((words) =>
            html.includes(words),
          ),
      ),
  );

  await step('the gateway container answers /api/health with every service ready', async () => {
    const response = await get(`${platform.edgeUrl}/api/health`);
    const body = await response.text();
    check(response.status === 200, `/api/health answered ${response.status}: ${body}`);
    return body.slice(0, 160);
  });
}

async function checkRemotesJson(
  platform: Platform,
  expectedTag: (remote: string) => string,
): Promise<string> {
  const response = await get(`${platform.edgeUrl}/remotes.json`);
  check(response.status === 200, `/remotes.json answered ${response.status}`);
  const remotes = (await response.json()) as Record<string, string>;
  const lines: string[] = [];
  for (const remote of REMOTE_NAMES) {
    const url = remotes[remote];
    check(
      url === `/remotes/${remote}/mf-manifest.json?v=${expectedTag(remote)}`,
      `remotes.json: ${remote} → ${url}`,
    );
    const viaEdge = await get(`${platform.edgeUrl}${url}`);
    check(viaEdge.status === 200, `${url} through the edge answered ${viaEdge.status}`);
    const port = platform.ports.get(remote);
    const direct = await get(`http://127.0.0.1:${port}${url}`);
    const [edgeBody, directBody] = [await viaEdge.text(), await direct.text()];
    check(edgeBody === directBody, `${url}: the edge did not serve ${remote}'s container's manifest`);
    const manifest = JSON.parse(edgeBody) as { name?: string; id?: string };
    lines.push(
      `${remote} → ${url} (${containerName(remote)} on :${port}, manifest ${manifest.name ?? manifest.id})`,
    );
  }
  return lines.join('; ');
}

async function checkBrowserLanding(browser: Browser, platform: Platform): Promise<void> {
  await step('Chromium: the landing page, with no console error and no CSP violation', async () => {
    const watched = await watchedPage(browser, platform.edgeUrl);
    try {
      await watched.page.goto('/');
      await watched.page.getByRole('heading', { level: 1, name: 'Get Your Home Ready to Sell' }).waitFor();
      await watched.page.waitForLoadState('networkidle');
      check(watched.problems.length === 0, watched.problems.join('\n'));
      // The inline loader ran under nginx's CSP (its hash) and fetched the page's one script.
      check(
        watched.requests.some((url) => /\/visitor\.[0-9a-f]{8}\.js$/.test(url)),
        `the visitor script was not fetched: ${watched.requests.join(', ')}`,
      );
      return `${watched.requests.length} requests`;
    } finally {
      await watched.close();
    }
  });
}

interface Seller {
  email: string;
  password: string;
  firstName: string;
  cookie: string;
  taskId?: string;
}

async function api(platform: Platform, method: string, pathname: string, seller?: Seller, body?: unknown) {
  const response = await get(`${platform.edgeUrl}${pathname}`, {
    method,
    headers: {
      Origin: platform.edgeUrl,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(seller ? { Cookie: seller.cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.text()) || 'null', response };
}

async function sellerSignsUpAndCompletesATask(platform: Platform): Promise<Seller> {
  const seller: Seller = {
    email: `smoke-${randomUUID().slice(0, 8)}@example.com`,
    password: `smoke-${randomUUID()}`,
    firstName: 'Sam',
    cookie: '',
  };
  await step('a seller signs up through the gateway', async () => {
    const result = await api(platform, 'POST', '/api/register', undefined, {
      email: seller.email,
      password: seller.password,
      confirmPassword: seller.password,
      firstName: seller.firstName,
      lastName: 'Smoke',
      phone: '555-0100',
      role: 'client',
    });
    check(result.status === 201, `POST /api/register answered ${result.status}: ${result.body}`);
    seller.cookie = result.response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
    check(seller.cookie.includes('listready_session='), 'no session cookie after sign-up');
    const session = await api(platform, 'GET', '/api/auth/session', seller);
    check(session.body.includes(seller.email), `the session is not the seller's: ${session.body}`);
    return seller.email;
  });

  await step('the seller completes a task', async () => {
    // The journey service creates the seller's journey when it reads user-registered from Kafka.
    const deadline = performance.now() + 90_000;
    let tasks: ReturnType<typeof taskEntriesSchema.parse> = [];
    let last = '';
    while (tasks.length === 0 && performance.now() < deadline) {
      const result = await api(platform, 'GET', '/api/clients/current/tasks', seller);
      last = `${result.status} ${result.body.slice(0, 200)}`;
      if (result.status === 200) tasks = taskEntriesSchema.parse(JSON.parse(result.body));
      if (tasks.length === 0) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const task = tasks.find((entry) => entry.clientTask.status !== 'completed');
    check(task, `no open task for the seller (last answer ${last})`);
    const result = await api(platform, 'PUT', `/api/client-tasks/${task.id}`, seller, {
      status: 'completed',
    });
    check(
      result.status === 200,
      `PUT /api/client-tasks/${task.id} answered ${result.status}: ${result.body}`,
    );
    seller.taskId = task.id;
    return `"${task.taskTemplate.title}" (${task.id})`;
  });
  return seller;
}

async function checkKafkaEvent(engines: Engines, seller: Seller): Promise<void> {
  await step('the task-completed event is read back from Kafka', async () => {
    const kafka = new Kafka({
      clientId: 'listready-images-smoke',
      brokers: engines.KAFKA_BROKERS.split(',').map((broker) => broker.trim()),
      logLevel: logLevel.ERROR,
    });
    const consumer = kafka.consumer({ groupId: `listready-images-smoke-${randomUUID()}` });
    const topic = `${process.env.KAFKA_TOPIC_PREFIX ?? ''}${topicFor('task-completed')}`;
    await consumer.connect();
    try {
      await consumer.subscribe({ topic, fromBeginning: true });
      const found = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new SmokeFailure(`no ${topic} event for task ${seller.taskId} within 90 s`)),
          90_000,
        );
        void consumer.run({
          eachMessage: async ({ message, partition }) => {
            const text = message.value?.toString('utf8') ?? '';
            if (!text.includes(seller.taskId ?? '\u0000')) return;
            const envelope = JSON.parse(text) as {
              id: string;
              type: string;
              version: number;
              data: { taskId: string };
            };
            if (envelope.data.taskId !== seller.taskId) return;
            clearTimeout(timer);
            resolve(
              `${envelope.type} v${envelope.version} ${envelope.id} on ${topic}[${partition}]@${message.offset}`,
            );
          },
        });
      });
      return found;
    } finally {
      await consumer.disconnect();
    }
  });
}

async function sellerJourneyInBrowser(
  browser: Browser,
  platform: Platform,
  seller: Seller,
  greeting: string,
) {
  const watched = await watchedPage(browser, platform.edgeUrl);
  try {
    const login = await watched.page.request.post('/api/login', {
      data: { email: seller.email, password: seller.password },
      headers: { Origin: platform.edgeUrl },
    });
    check(login.status() === 200, `POST /api/login answered ${login.status()}: ${await login.text()}`);
    await watched.page.goto('/journey');
    await watched.page
      .locator('[data-remote="mfe-seller"]')
      .getByRole('heading', { level: 1, name: greeting })
      .waitFor({ timeout: 30_000 });
    // The signed-in shell keeps requests open (usage events), so no network idle: a moment to settle.
    await watched.page.waitForTimeout(1_500);
    check(watched.problems.length === 0, watched.problems.join('\n'));
    const manifest = watched.requests.find((url) => url.includes('/remotes/mfe-seller/mf-manifest.json'));
    check(manifest, 'the page never asked for /remotes/mfe-seller/mf-manifest.json');
    return { manifest: new URL(manifest).pathname + new URL(manifest).search, requests: watched.requests };
  } finally {
    await watched.close();
  }
}

// --- an independent remote deploy: mfe-seller rebuilt with a change, rolled alone ---

/**
 * A copy of what the static images build from, with mfe-seller's greeting changed to name this
 * redeploy, so that every run builds it anew; the greeting the page then shows.
 */
function changeSellerGreeting(workDir: string, marker: string): { context: string; greeting: string } {
  const context = path.join(workDir, 'context');
  const skip = new Set(['node_modules', 'dist', '.git', '.data', '.nx', '.ci-reports']);
  cpSync(repoRoot, context, {
    recursive: true,
    filter: (source) =>
      !skip.has(path.basename(source)) && !source.startsWith(path.join(repoRoot, 'e2e', 'artifacts')),
  });
  const file = path.join(context, 'mfe-seller/src/journey/components/journey-greeting.tsx');
  const text = readFileSync(file, 'utf8');
  check(
    text.includes('>Hello {'),
    `${path.relative(context, file)} no longer says "Hello {…}": update deploy/images/smoke.ts`,
  );
  writeFileSync(file, text.replace('>Hello {', `>Welcome (${marker}) {`));
  return { context, greeting: `Welcome (${marker})` };
}

async function redeploySellerRemote(browser: Browser, platform: Platform, seller: Seller): Promise<void> {
  const remote = 'mfe-seller';
  const spec = imageOf.get(remote) as ImageSpec;
  const marker = `redeploy.${Date.now().toString(36)}`;
  const newNaming = { ...naming, tag: `${naming.tag}-${marker}` };
  const newImage = imageReference(spec.name, newNaming);
  platform.extraImages.push(newImage);
  const othersBefore = new Map<string, ContainerState>();
  let greeting = '';

  await step(`${remote} rebuilt with a change, alone, as ${newImage}`, async () => {
    const changed = changeSellerGreeting(platform.workDir, marker);
    greeting = `${changed.greeting} ${seller.firstName}!`;
    const built = await buildImage(spec, {
      naming: newNaming,
      bases: await resolveBaseImages(),
      context: changed.context,
    });
    rmSync(changed.context, { recursive: true, force: true });
    return `${megabytes(built.bytes)} in ${built.seconds.toFixed(0)} s (shell and other images untouched)`;
  });

  await step(`only ${remote}'s container restarts, and remotes.json changes`, async () => {
    for (const name of platform.containers.filter((container) => container !== containerName(remote)))
      othersBefore.set(name, await containerState(name));
    await removeContainer(containerName(remote));
    const options = { ...(platform.options.get(remote) as ContainerOptions), image: newImage };
    const result = await startService(remote, options, platform);
    // What `helm upgrade --set remotes.seller.image.tag=…` renders: the manifest URL with the new tag.
    writeFileSync(
      path.join(platform.remotesDir, 'remotes.json'),
      chartRemotesJson(naming, { 'remotes.seller.image.tag': newNaming.tag }),
    );
    const served = await checkRemotesJson(platform, (name) => (name === remote ? newNaming.tag : naming.tag));
    return `${remote} ready in ${result.coldStartSeconds.toFixed(1)} s; ${served.split(';')[0]}`;
  });

  await step('the running shell loads the new remote, with no shell rebuild or restart', async () => {
    const { manifest } = await sellerJourneyInBrowser(browser, platform, seller, greeting);
    check(manifest.endsWith(`?v=${newNaming.tag}`), `the page loaded ${manifest}`);
    for (const [name, before] of othersBefore) {
      const after = await containerState(name);
      check(
        after.id === before.id &&
          after.startedAt === before.startedAt &&
          after.image === before.image &&
          after.running,
        `${name} changed: ${JSON.stringify(before)} → ${JSON.stringify(after)}`,
      );
    }
    return `"${greeting}" from ${manifest}; ${othersBefore.size} other containers unchanged (same id, start, image)`;
  });
}

// --- main ---

function printResults(): void {
  console.log(`\n${'image'.padEnd(52)} ${'size'.padStart(8)} ${'cold start'.padStart(11)}  (${'service'})`);
  for (const result of started)
    console.log(
      `${result.image.padEnd(52)} ${megabytes(result.bytes).padStart(8)} ${`${result.coldStartSeconds.toFixed(1)} s`.padStart(11)}  (${result.service})`,
    );
  const failed = checks.filter((entry) => !entry.ok).length;
  // Not in the "N passed, N failed" shape: CI's own summary line is the run's only closing line.
  console.log(
    failed === 0
      ? `\nimages smoke: all ${checks.length} checks passed`
      : `\nimages smoke: ${failed} of ${checks.length} checks FAILED`,
  );
  const report = process.env.LISTREADY_IMAGES_REPORT;
  // The counts in vitest's JSON report's names, so .ci/summary.mjs folds this report in with the others.
  const counts = {
    numPassedTests: checks.length - failed,
    numFailedTests: failed,
    numPendingTests: 0,
    numTodoTests: 0,
  };
  if (report) writeFileSync(report, `${JSON.stringify({ ...counts, naming, started, checks }, null, 2)}\n`);
}

async function main(): Promise<void> {
  if (!(await podmanAvailable())) throw new SmokeFailure('podman is not installed (docs/operations.md)');
  const engines = enginesFromEnvironment();
  await removeSmokeContainers('stale runs');
  let platform: Platform | undefined;
  let browser: Browser | undefined;
  try {
    console.log(`smoke test of ${catalog.length} images (${imageReference('<name>', naming)})`);
    platform = await startPlatform(engines);
    await checkContainers(platform);
    await checkLandingPageHttp(platform);
    const current = platform;
    await step('remotes.json points at the remote containers', () =>
      checkRemotesJson(current, () => naming.tag),
    );
    browser = await launchChromium();
    await checkBrowserLanding(browser, platform);
    const seller = await sellerSignsUpAndCompletesATask(platform);
    await checkKafkaEvent(engines, seller);
    const openBrowser = browser;
    await step("Chromium: the seller's journey, loaded from the mfe-seller container", async () => {
      const { manifest } = await sellerJourneyInBrowser(
        openBrowser,
        current,
        seller,
        `Hello ${seller.firstName}!`,
      );
      return `"Hello ${seller.firstName}!" from ${manifest}`;
    });
    if (flags['redeploy-remote']) await redeploySellerRemote(browser, platform, seller);
  } catch (error) {
    if (!(error instanceof SmokeFailure)) {
      checks.push({ name: 'smoke run', ok: false, detail: String(error) });
      console.error(error);
    }
    for (const name of platform?.containers ?? []) {
      console.log(
        `\n--- ${name} (last lines) ---\n${await containerLogs(name, 25).catch(() => '(no logs)')}`,
      );
    }
  } finally {
    await browser?.close();
    if (flags.keep && platform) {
      console.log(
        `\nkept running: ${platform.edgeUrl} (podman ps --filter label=io.listready.smoke.pid=${process.pid})`,
      );
    } else {
      await removeSmokeContainers('this run');
      if (platform) {
        rmSync(platform.workDir, { recursive: true, force: true });
        for (const image of platform.extraImages) await run('podman', ['rmi', '--force', image]);
      }
    }
    printResults();
  }
  if (checks.some((entry) => !entry.ok) || checks.length === 0) process.exitCode = 1;
}

await main();
