import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Ignore } from '@balena/dockerignore';
import { DockerfileParser, ModifiableInstruction } from 'dockerfile-ast';

/**
 * Dockerfiles (dockerfile-ast) and .dockerignore files (@balena/dockerignore) read well enough to
 * check, without a Docker engine, that a build only copies files that exist and that the build
 * context actually sends. Build-argument substitution and stage selection are ours: neither
 * library resolves `--build-arg`s.
 */

export interface Instruction {
  keyword: string;
  /** Arguments after the keyword, with line continuations joined. */
  rest: string;
  line: number;
}

export interface Stage {
  name: string | undefined;
  /** The FROM image or stage, with build arguments substituted. */
  base: string;
  instructions: Instruction[];
}

export interface CopySource {
  stage: string | undefined;
  keyword: 'COPY' | 'ADD';
  line: number;
  /** Another stage (`--from=`), or undefined when copying from the build context. */
  from: string | undefined;
  sources: string[];
}

/** The instructions as dockerfile-ast parses them (continuations joined, comments dropped), flags first. */
export function parseInstructions(text: string): Instruction[] {
  return DockerfileParser.parse(text)
    .getInstructions()
    .map((instruction) => {
      const flags =
        instruction instanceof ModifiableInstruction
          ? instruction.getFlags().map((flag) => {
              const value = flag.getValue();
              return value === null ? `--${flag.getName()}` : `--${flag.getName()}=${value}`;
            })
          : [];
      const words = instruction.getArguments().map((argument) => argument.getValue());
      return {
        keyword: instruction.getKeyword().toUpperCase(),
        rest: [...flags, ...words].join(' '),
        line: instruction.getRange().start.line + 1,
      };
    });
}

/**
 * `$NAME`, `${NAME}` and `${NAME:-default}` from the given build arguments. Unknown names stay as
 * written (in RUN they are the shell's), so a COPY that still holds a `$` names an unset argument.
 */
export function substitute(text: string, args: Readonly<Record<string, string>>): string {
  return text.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match: string, braced: string | undefined, fallback: string | undefined, bare: string | undefined) => {
      const value = args[braced ?? bare ?? ''];
      if (value !== undefined && value !== '') return value;
      return fallback ?? match;
    },
  );
}

function argDeclaration(rest: string): [string, string | undefined] {
  const [name = '', ...value] = rest.split('=');
  return [name.trim(), value.length > 0 ? value.join('=').replace(/^"|"$/g, '') : undefined];
}

/** Stages with FROM and ARG resolved for one set of `--build-arg`s. */
export function parseStages(text: string, buildArgs: Readonly<Record<string, string>>): Stage[] {
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  let current: Stage | undefined;
  let scope: Record<string, string> = {};
  for (const instruction of parseInstructions(text)) {
    if (instruction.keyword === 'FROM') {
      const [image = '', as, name] = substitute(instruction.rest, { ...globalArgs, ...buildArgs }).split(
        /\s+/,
      );
      current = { name: as?.toUpperCase() === 'AS' ? name : undefined, base: image, instructions: [] };
      stages.push(current);
      scope = {};
      continue;
    }
    if (instruction.keyword === 'ARG') {
      const [name, fallback] = argDeclaration(instruction.rest);
      const target = current ? scope : globalArgs;
      const inherited = current ? globalArgs[name] : undefined;
      const value =
        buildArgs[name] ??
        (fallback === undefined ? inherited : substitute(fallback, { ...globalArgs, ...scope }));
      if (value !== undefined) target[name] = value;
      continue;
    }
    if (!current) continue;
    current.instructions.push({ ...instruction, rest: substitute(instruction.rest, scope) });
  }
  return stages;
}

/** The stage a `--target` builds and every stage it copies from or builds on, in build order. */
export function stagesForTarget(stages: readonly Stage[], target: string | undefined): Stage[] {
  const byName = new Map(stages.filter((stage) => stage.name).map((stage) => [stage.name, stage]));
  const needed = new Set<Stage>();
  const visit = (stage: Stage) => {
    if (needed.has(stage)) return;
    needed.add(stage);
    const parent = byName.get(stage.base);
    if (parent) visit(parent);
    for (const source of copySources(stage)) {
      const from = source.from ? byName.get(source.from) : undefined;
      if (from) visit(from);
    }
  };
  const last = stages.at(-1);
  const final = target ? byName.get(target) : last;
  if (!final) throw new Error(`no stage named ${target}`);
  visit(final);
  return stages.filter((stage) => needed.has(stage));
}

export function copySources(stage: Stage): CopySource[] {
  return stage.instructions
    .filter((instruction) => instruction.keyword === 'COPY' || instruction.keyword === 'ADD')
    .map((instruction) => {
      const words = instruction.rest.trim().startsWith('[')
        ? (JSON.parse(instruction.rest) as string[])
        : instruction.rest.split(/\s+/);
      const flags = words.filter((word) => word.startsWith('--'));
      const paths = words.filter((word) => !word.startsWith('--'));
      const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
      return {
        stage: stage.name,
        keyword: instruction.keyword as 'COPY' | 'ADD',
        line: instruction.line,
        from,
        sources: paths.slice(0, -1),
      };
    });
}

/** A .dockerignore as Docker applies it (@balena/dockerignore: patterns in order, `!` re-includes). */
// A CommonJS function whose typings declare a default export: required, typed by its own d.ts.
const dockerIgnore = createRequire(import.meta.url)('@balena/dockerignore') as () => Ignore;

export class DockerIgnore {
  private readonly rules: Ignore;

  constructor(text: string) {
    this.rules = dockerIgnore().add(text);
  }

  static fromFile(file: string): DockerIgnore {
    return new DockerIgnore(readFileSync(file, 'utf8'));
  }

  /** Whether a file (path relative to the context root) is sent to the builder. */
  includes(relativePath: string): boolean {
    return !this.rules.ignores(relativePath);
  }
}
