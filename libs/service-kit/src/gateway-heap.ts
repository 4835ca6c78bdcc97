/**
 * The gateway's young generation. V8 grows each semi-space to 32 MB by default on a 64-bit machine
 * with this much memory; the gateway's answer buffers (a 52 KB task list per request, each held a
 * few milliseconds) then pile up as external memory between the rare scavenges, and that memory
 * starts a full collection about every thousand requests under load: 27–39 of them in the bench's
 * 25 s of load, their concurrent marking a fifth of the gateway's CPU in a `perf` profile. With
 * 8 MB semi-spaces the buffers go in scavenges: 2–6 full collections in the same bench (the
 * journey service, given the same setting, showed no difference in one pair of runs).
 * docs/decisions.md, "The gateway's heap".
 */
export const GATEWAY_SEMI_SPACE_MB = 8;

/** For the gateway's own process (the chart's and compose's NODE_OPTIONS, the benches). */
export const GATEWAY_NODE_OPTIONS = `--max-semi-space-size=${GATEWAY_SEMI_SPACE_MB}`;

/** For the gateway on a worker thread (`npm start`): V8's young generation is three semi-spaces. */
export const GATEWAY_YOUNG_GENERATION_MB = 3 * GATEWAY_SEMI_SPACE_MB;

/** NODE_OPTIONS for a gateway process: the heap setting, then whatever else was asked for. */
export const gatewayNodeOptions = (others?: string): string =>
  [GATEWAY_NODE_OPTIONS, others].filter(Boolean).join(' ');
