// `npm run typecheck`: every workspace's TypeScript, each file checked once instead of once per
// project that imports it. Each project's own `tsc -p tsconfig.json` (its `typecheck` target, which
// `nx run <project>:typecheck` runs) checks the libraries it imports from their sources again, so the
// 24 projects' checks took 4.5 minutes on a 2-core machine, most of it the same files over and over.
// Here the projects whose compiler options are the same are one program ("a group"), and the groups
// run side by side, one a core.
//
// A project is checked alone when one of its files pulls in a library by `/// <reference lib>`
// (the DOM for a webpack runtime plugin, a bench's page scripts): in a group that library would
// reach every other project's files and change their types. What a group does share is its
// projects' global augmentations (`declare module 'fastify'` in the libraries every service
// imports); a project's own check still sees only its own.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import ts from 'typescript';

/** Every workspace (package.json's `workspaces`) that has a tsconfig.json, by its folder. */
export function workspaceProjects(root) {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  return workspaces
    .flatMap((pattern) => globSync(pattern, { cwd: root }))
    .filter((folder) => existsSync(path.join(root, folder, 'tsconfig.json')))
    .sort()
    .map((folder) => ({ folder, ...parsedConfig(path.join(root, folder, 'tsconfig.json')) }));
}

/** A tsconfig.json as tsc reads it: its options (`extends` applied) and its files. */
function parsedConfig(configPath) {
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error(`${configPath} could not be read`);
  if (parsed.errors.length > 0) throw new Error(formatted(parsed.errors));
  const { configFilePath: _, ...options } = parsed.options;
  return { options, fileNames: parsed.fileNames };
}

/** Whether one of the files pulls in a library of its own (`/// <reference lib="dom" />`). */
function referencesLibrary(fileNames) {
  return fileNames.some(
    (file) => ts.preProcessFile(readFileSync(file, 'utf8'), true, true).libReferenceDirectives.length > 0,
  );
}

/**
 * The programs to check: projects with the same options together, a project that references a
 * library alone. Each group has its projects' folders, their options and all their files.
 */
export function typecheckGroups(projects) {
  const groups = new Map();
  for (const project of projects) {
    const key = referencesLibrary(project.fileNames)
      ? `alone:${project.folder}`
      : JSON.stringify(project.options);
    const group = groups.get(key) ?? { folders: [], options: project.options, fileNames: [] };
    group.folders.push(project.folder);
    group.fileNames.push(...project.fileNames);
    groups.set(key, group);
  }
  return [...groups.values()].map((group) => ({ ...group, fileNames: [...new Set(group.fileNames)] }));
}

/** One group's diagnostics, as tsc prints them (empty when it type-checks). */
export function checkGroup(group) {
  const program = ts.createProgram(group.fileNames, group.options);
  return formatted(ts.getPreEmitDiagnostics(program));
}

function formatted(diagnostics) {
  return ts.formatDiagnostics(diagnostics, {
    getCanonicalFileName: (fileName) => fileName,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => '\n',
  });
}

/**
 * One group's diagnostics from a worker running `script` (this file). Rejects when the worker throws
 * or exits without answering (killed, out of memory, process.exit), instead of waiting forever.
 */
export function checkInWorker(group, script = fileURLToPath(import.meta.url)) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(script, { workerData: group });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) =>
      reject(
        new Error(`the worker checking ${group.folders.join(', ')} exited (code ${code}) without an answer`),
      ),
    );
  });
}

/** Checks every group, `parallelism` at a time, each in a worker; resolves to the failed groups. */
async function checkAll(groups, parallelism) {
  const failed = [];
  const queue = [...groups].sort((a, b) => b.fileNames.length - a.fileNames.length);
  const run = async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      const started = performance.now();
      const output = await checkInWorker(group);
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      const verdict = output ? 'errors' : 'ok';
      process.stdout.write(
        `${verdict.padEnd(6)} ${group.folders.join(', ')} (${group.fileNames.length} files, ${seconds} s)\n`,
      );
      if (output) {
        process.stdout.write(output);
        failed.push(group);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallelism, queue.length) }, run));
  return failed;
}

if (!isMainThread) {
  parentPort.postMessage(checkGroup(workerData));
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  process.chdir(root);
  const groups = typecheckGroups(workspaceProjects(root));
  const failed = await checkAll(groups, availableParallelism());
  if (failed.length > 0) {
    console.error(`typecheck: ${failed.length} of ${groups.length} groups have errors (above)`);
    process.exit(1);
  }
  process.stdout.write(`typecheck: ${groups.length} groups, every workspace checked\n`);
}
