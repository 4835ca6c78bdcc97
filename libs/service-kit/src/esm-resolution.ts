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

const NODE_MODULES = '/node_modules/';

/**
 * The folder URL of the ESM_ONLY_PACKAGES package `fileUrl` belongs to, ending in `/`: the package
 * named right after its last `/node_modules/`, so a package installed inside one of them (its own
 * `node_modules`) is not taken for it. Undefined for a file of any other package or of none.
 */
function esmOnlyPackageRoot(fileUrl: string): string | undefined {
  const at = fileUrl.lastIndexOf(NODE_MODULES);
  if (at < 0) return undefined;
  const rest = fileUrl.slice(at + NODE_MODULES.length);
  const name = ESM_ONLY_PACKAGES.find((packageName) => rest.startsWith(`${packageName}/`));
  return name && fileUrl.slice(0, at + NODE_MODULES.length + name.length + 1);
}

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
  const root = esmOnlyPackageRoot(parentURL);
  if (!root) return undefined;
  const url = new URL(specifier, parentURL).href;
  // Still a file of the same package: a `../` cannot climb out of it, nor a path into a package
  // installed inside it, unnoticed.
  if (esmOnlyPackageRoot(url) !== root) return undefined;
  return { url, format: 'module', shortCircuit: true };
}
