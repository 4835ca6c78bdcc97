/**
 * helm from the npm package, for people without their own:
 *   npm run helm -w @listready/charts -- lint --strict listready
 *   npm run helm -w @listready/charts -- template listready listready -f listready/values-production.yaml
 * Paths are relative to charts/ (npm runs workspace scripts there).
 */
import { spawnSync } from 'node:child_process';
import { helmBinary } from './helm.ts';

const result = spawnSync(helmBinary(), process.argv.slice(2), { stdio: 'inherit' });
process.exitCode = result.status ?? 1;
