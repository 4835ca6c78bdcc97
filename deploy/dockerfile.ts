import { readFileSync } from 'node:fs';

/**
 * Just enough of the Dockerfile and .dockerignore formats to check, without a Docker engine, that
 * a build only copies files that exist and that the build context actually sends.
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

export function parseInstructions(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending = '';
  let startLine = 0;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trimEnd();
    if (pending === '' && (line.trim() === '' || line.trimStart().startsWith('#'))) return;
    if (pending !== '' && line.trimStart().startsWith('#')) return;
    if (pending === '') startLine = index + 1;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      return;
    }
    const full = `${pending}${line}`.trim();
    pending = '';
    const [keyword = '', ...rest] = full.split(/\s+/);
    instructions.push({ keyword: keyword.toUpperCase(), rest: rest.join(' '), line: startLine });
  });
  return instructions;
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

/** A .dockerignore as Docker applies it: patterns in order, the last match wins, `!` re-includes. */
export class DockerIgnore {
  private readonly rules: Array<{ exclude: boolean; pattern: RegExp }>;

  constructor(text: string) {
    this.rules = text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => {
        const exclude = !line.startsWith('!');
        const glob = (exclude ? line : line.slice(1)).replace(/^\/+|\/+$/g, '');
        return { exclude, pattern: globToRegExp(glob) };
      });
  }

  static fromFile(file: string): DockerIgnore {
    return new DockerIgnore(readFileSync(file, 'utf8'));
  }

  /** Whether a file (path relative to the context root) is sent to the builder. */
  includes(relativePath: string): boolean {
    const parts = relativePath.split('/');
    // A pattern matching a parent folder matches everything in it.
    const candidates = parts.map((_part, index) => parts.slice(0, index + 1).join('/'));
    let included = true;
    for (const rule of this.rules) {
      if (candidates.some((candidate) => rule.pattern.test(candidate))) included = !rule.exclude;
    }
    return included;
  }
}

function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let index = 0; index < glob.length; index += 1) {
    const char = glob[index] ?? '';
    if (char === '*' && glob[index + 1] === '*') {
      // `**/` matches zero or more folders; a trailing `**` matches anything below.
      if (glob[index + 2] === '/') {
        source += '(?:.*/)?';
        index += 2;
      } else {
        source += '.*';
        index += 1;
      }
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}
