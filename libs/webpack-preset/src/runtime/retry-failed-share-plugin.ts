import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/*
 * Bundled into every front-end build (the shell and each remote) as a federation runtime plugin.
 *
 * The federation runtime keeps the promise of a shared module's load in the share scope and hands
 * the same promise to every later request for it, even after it was rejected: a lazily loaded shared
 * module (the toaster, the dialogs) whose chunk failed once — the network dropped, a deploy replaced
 * the gateway — then failed on this page until it was reloaded. This plugin forgets a rejected load
 * before the runtime looks it up, so the next request fetches the chunk again (webpack's own chunk
 * loading already forgets a failed chunk).
 */

interface ShareEntry {
  loaded?: boolean;
  loading?: Promise<unknown> | null;
}

type ShareScopeMap = Record<string, Record<string, Record<string, ShareEntry>>>;

/** Settles once `entry`'s load has; a rejected one is removed from the entry (if still there). */
async function forgetIfRejected(entry: ShareEntry): Promise<void> {
  const loading = entry.loading;
  if (!loading || entry.loaded) return;
  await loading.then(
    () => undefined,
    () => {
      if (entry.loading === loading) entry.loading = null;
    },
  );
}

export default function retryFailedSharePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'listready-retry-failed-share',
    async beforeLoadShare(args) {
      const scopes = args.origin.shareScopeMap as ShareScopeMap;
      const entries = Object.values(scopes).flatMap((scope) => Object.values(scope[args.pkgName] ?? {}));
      await Promise.all(entries.map(forgetIfRejected));
      return args;
    },
  };
}
