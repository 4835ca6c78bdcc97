// How `npm run typecheck` (.ci/typecheck.mjs) groups the workspaces: part of `npm test` (vitest).
import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, test } from 'vitest';
import { checkGroup, checkInWorker, typecheckGroups, workspaceProjects } from './typecheck.mjs';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

test('every workspace with a tsconfig.json is in exactly one group, with the options of its own', () => {
  const projects = workspaceProjects(repositoryRoot);
  const groups = typecheckGroups(projects);
  const grouped = groups.flatMap((group) => group.folders).sort();
  assert.deepEqual(grouped, projects.map((project) => project.folder).sort());
  assert.ok(grouped.includes('services/journey') && grouped.includes('shell') && grouped.includes('e2e'));
  for (const group of groups) {
    for (const folder of group.folders) {
      const project = projects.find((candidate) => candidate.folder === folder);
      assert.deepEqual(project.options, group.options, `${folder} is checked with other options`);
      for (const file of project.fileNames) assert.ok(group.fileNames.includes(file), `${file} unchecked`);
    }
  }
  // The DOM that a webpack runtime plugin and the page benches reference stays out of the services.
  const alone = groups.filter((group) => group.folders.length === 1).flatMap((group) => group.folders);
  assert.ok(alone.includes('libs/webpack-preset') && alone.includes('bench'), alone.join(', '));
  assert.ok(groups.length < projects.length / 2, `${groups.length} groups for ${projects.length} projects`);
});

let root;
const compilerOptions = {
  strict: true,
  noEmit: true,
  target: 'ES2022',
  lib: ['ES2022'],
  module: 'NodeNext',
  moduleResolution: 'NodeNext',
  types: [],
};

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'listready-typecheck-'));
  const project = async (folder, source, options = compilerOptions) => {
    await mkdir(path.join(root, folder), { recursive: true });
    await writeFile(
      path.join(root, folder, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: options, include: ['*.ts'] }),
    );
    await writeFile(path.join(root, folder, 'index.ts'), source);
  };
  await writeFile(path.join(root, 'package.json'), JSON.stringify({ workspaces: ['libs/*', 'page'] }));
  await project('libs/typed', 'export const count: number = "three";\n');
  await project('libs/server', 'export const title = document.title;\n');
  await project('libs/other-options', 'export const one = 1;\n', { ...compilerOptions, target: 'ES2024' });
  await project('page', '/// <reference lib="dom" />\nexport const title = document.title;\n');
});

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

test('groups projects by their options, and checks alone a project that references a library', () => {
  const groups = typecheckGroups(workspaceProjects(root));
  assert.deepEqual(groups.map((group) => group.folders).sort(), [
    ['libs/other-options'],
    ['libs/server', 'libs/typed'],
    ['page'],
  ]);
});

test("reports each group's errors as tsc does, a library one project references reaching no other", () => {
  const groups = typecheckGroups(workspaceProjects(root));
  const shared = checkGroup(groups.find((group) => group.folders.includes('libs/typed')));
  assert.match(
    shared,
    /libs\/typed\/index\.ts\(1,14\): error TS2322: Type 'string' is not assignable to type 'number'/,
  );
  // `document` exists only where the DOM is referenced: the page, not the server library.
  assert.match(shared, /libs\/server\/index\.ts\(1,22\): error TS2584: Cannot find name 'document'/);
  assert.equal(checkGroup(groups.find((group) => group.folders.includes('page'))), '');
  assert.equal(checkGroup(groups.find((group) => group.folders.includes('libs/other-options'))), '');
});

test('a worker that checks its group answers; one that exits without answering fails the check', async () => {
  const page = typecheckGroups(workspaceProjects(root)).find((group) => group.folders.includes('page'));
  assert.equal(await checkInWorker(page), '');
  const silent = path.join(root, 'exits-silently.mjs');
  await writeFile(silent, 'process.exit(3);\n');
  await assert.rejects(
    checkInWorker(page, silent),
    /the worker checking page exited \(code 3\) without an answer/,
  );
});
