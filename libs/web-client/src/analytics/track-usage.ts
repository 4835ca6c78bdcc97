import type { UsageEventInput } from '@listready/contracts';

/** The window event the shell's usage tracker listens to (shell/src/analytics). */
export const USAGE_EVENT = 'listready:usage';

/**
 * Records a usage event (a task or stage action, a note, a step of a flow…) through the shell's
 * tracker, which adds the page, time, user and session and sends it with its batch. A window event
 * rather than an import: remotes stay independent of the shell, and a remote running on its own
 * (no tracker listening) records nothing.
 */
export function trackUsage(input: UsageEventInput): void {
  window.dispatchEvent(new CustomEvent<UsageEventInput>(USAGE_EVENT, { detail: input }));
}
