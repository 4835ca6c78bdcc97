/**
 * Preload for every server process (imported first by instrument.ts; the benches' service processes
 * take it alone): `node --import @listready/service-kit/module-resolution <entry>.ts`. Registers the
 * short cut of esm-resolution.ts before the app's modules are resolved.
 */
import { registerHooks } from 'node:module';
import { resolveWithinEsmPackage } from './esm-resolution.ts';

registerHooks({
  resolve: (specifier, context, nextResolve) =>
    resolveWithinEsmPackage(specifier, context) ?? nextResolve(specifier, context),
});
