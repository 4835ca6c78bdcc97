import type { Logger } from 'pino';

/**
 * `parent.child(bindings)` without saying twice what the parent already says. pino appends a
 * child's bindings to its parent's: a key bound at two levels (a process's `service`, then a
 * library's) came out twice in one JSON line, and log stores keep the first or the last of them
 * depending on the parser. A binding the parent already has with the same value is left out. One
 * it has with another value is kept as pino writes it: a logger's children should narrow what it
 * says (the runtime's root logger names the process, not a service, for that reason).
 */
export function childLogger(parent: Logger, bindings: Record<string, unknown>): Logger {
  const inherited = parent.bindings();
  const own = Object.entries(bindings).filter(([key, value]) => inherited[key] !== value);
  return own.length === 0 ? parent : parent.child(Object.fromEntries(own));
}
