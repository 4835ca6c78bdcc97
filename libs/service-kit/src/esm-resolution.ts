/**
 * To tell an ES module from a CommonJS one, Node looks up the package.json of every `.js` file it
 * resolves and, on each lookup, parses that package's whole `exports` map again (Node 24's
 * `getPackageScopeConfig`, nodejs/node's package_json_reader). drizzle-orm's map is 175 KB and a
 * service loads 468 of its files: about 80 MB of JSON parsed before it can listen, a third of its
 * start-up. drizzle-orm is `"type": "module"` throughout (one package.json), so a relative `.js`
 * import between its own files is always an ES module at the URL the two paths make: that answer
 * is given here, without the lookup. Everything else goes to Node's own resolution. Registered by
 * the preload module-resolution.ts.
 */
import type { ResolveFnOutput, ResolveHookContext } from 'node:module';

/** Packages whose `.js` files are all ES modules: `"type": "module"`, no nested package.json. */
export const ESM_ONLY_PACKAGES = ['drizzle-orm'] as const;

const packageRoots = ESM_ONLY_PACKAGES.map((name) => `/node_modules/${name}/`);

/**
 * The resolution of `specifier` imported by `parentURL` when it is a relative `.js` import between
 * two files of one of ESM_ONLY_PACKAGES; undefined otherwise (Node resolves it).
 */
export function resolveWithinEsmPackage(
  specifier: string,
  context: Pick<ResolveHookContext, 'parentURL' | 'conditions'>,
): ResolveFnOutput | undefined {
  const { parentURL } = context;
  if (!parentURL?.startsWith('file:') || !specifier.endsWith('.js')) return undefined;
  if (!(specifier.startsWith('./') || specifier.startsWith('../'))) return undefined;
  if (context.conditions.includes('require')) return undefined;
  const root = packageRoots.find((packageRoot) => parentURL.includes(packageRoot));
  if (!root) return undefined;
  const url = new URL(specifier, parentURL).href;
  // Still inside the same package (a `../` cannot climb out of it unnoticed).
  if (
    url.slice(0, url.indexOf(root) + root.length) !==
    parentURL.slice(0, parentURL.indexOf(root) + root.length)
  )
    return undefined;
  return { url, format: 'module', shortCircuit: true };
}
