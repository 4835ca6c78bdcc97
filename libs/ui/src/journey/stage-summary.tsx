import { CircleCheck, Clock, Lock } from 'lucide-react';
import { cn } from '../lib/class-names.ts';
import { StageIcon } from './stage-icon.tsx';

export type StageStatus = 'locked' | 'in_progress' | 'completed';

const STATUS_ICON = {
  locked: { Icon: Lock, label: 'Locked', className: 'text-ink-muted' },
  // Dark shades on paper, where the screen's light ones would fade into the white.
  in_progress: { Icon: Clock, label: 'In progress', className: 'text-amber-300 print:text-amber-700' },
  completed: { Icon: CircleCheck, label: 'Completed', className: 'text-green-400 print:text-green-700' },
} as const;

/**
 * A stage as the journey heads it, in a row: its icon, its name over how many of its tasks are
 * done, and its status (an icon named for screen readers). The seller's stage headers and the
 * agent's client demo draw it, so the demo shows the stages as clients see them.
 */
export interface StageSummaryFields {
  title: string;
  /** A lucide icon's name, as the stage carries it. */
  icon: string | null;
  status: StageStatus;
  completedTasks: number;
  totalTasks: number;
}

export function StageSummary({ stage }: { stage: StageSummaryFields }) {
  const { title, icon, status, completedTasks, totalTasks } = stage;
  const locked = status === 'locked';
  const { Icon, label, className } = STATUS_ICON[status];
  return (
    <>
      <StageIcon
        name={icon}
        className={cn('size-6 shrink-0', locked ? 'text-ink-muted' : 'text-brand-soft')}
      />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">{title}</span>
        <span className="block text-sm text-ink-muted">
          {completedTasks} of {totalTasks} done
        </span>
      </span>
      <Icon aria-label={label} role="img" className={cn('size-5 shrink-0', className)} />
    </>
  );
}
