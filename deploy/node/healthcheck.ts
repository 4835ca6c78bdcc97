/**
 * Container health check (Dockerfile HEALTHCHECK, compose) and the Helm test's probe:
 *
 *   node deploy/node/healthcheck.ts                 # this container's /healthz on $PORT
 *   node deploy/node/healthcheck.ts http://x/api/health
 *
 * Exits 0 on a 2xx answer within the timeout, 1 otherwise. Node images carry no curl or wget.
 */
const TIMEOUT_MS = 2_500;

const port = process.env.PORT ?? '8080';
const url = process.argv[2] ?? `http://127.0.0.1:${port}/healthz`;

try {
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  const body = await response.text();
  console.log(`${url} answered ${response.status} ${body.slice(0, 500)}`);
  process.exitCode = response.ok ? 0 : 1;
} catch (error) {
  console.error(`${url} did not answer: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
