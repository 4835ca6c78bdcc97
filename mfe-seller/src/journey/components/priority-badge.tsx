import type { TaskPriority } from '@listready/contracts';
import { cn } from '@listready/ui';

const PRIORITY_CLASSES: Record<TaskPriority, string> = {
  high: 'bg-red-700/20 text-red-300 border-red-700/50',
  medium: 'bg-brand/20 text-ink border-brand/50',
  low: 'bg-surface text-ink-muted border-surface-border',
};

export function PriorityBadge({ priority }: { priority: TaskPriority }) {
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
