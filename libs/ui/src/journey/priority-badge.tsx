import { cn } from '../lib/class-names.ts';

export type TaskPriorityLevel = 'low' | 'medium' | 'high';

const PRIORITY_CLASSES: Record<TaskPriorityLevel, string> = {
  // On paper (white, backgrounds left out) the light red would fade: a dark one there.
  high: 'bg-red-700/20 text-red-300 border-red-700/50 print:text-red-800',
  medium: 'bg-brand/20 text-ink border-brand/50',
  low: 'bg-surface text-ink-muted border-surface-border',
};

/** A task's priority as the journey shows it: high, medium or low in a coloured pill. */
export function PriorityBadge({ priority }: { priority: TaskPriorityLevel }) {
  return (
    <span
      className={cn(
        'rounded-full border px-2 py-0.5 text-xs font-medium capitalize',
        PRIORITY_CLASSES[priority],
      )}
    >
      {priority}
    </span>
  );
}
