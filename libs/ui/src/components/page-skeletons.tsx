import type { ReactNode } from 'react';
import { cn } from '../lib/class-names.ts';

/** One grey block standing in for text or a card that is on its way. */
function Bone({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-surface-border/50', className)} />
  );
}

/** What a screen reader hears while the blocks stand in: the same as the spinner's status. */
function SkeletonStatus({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}

/** The journey's two summary cards and its stage headers, each the height of the real one. */
export function JourneyBodySkeleton({ stages = 7 }: { stages?: number }) {
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        <Bone className="h-[14rem] rounded-xl" />
        <Bone className="h-[14rem] rounded-xl" />
      </div>
      <div className="space-y-3">
        {Array.from({ length: stages }, (_, index) => (
          <Bone key={index} className="h-[4.875rem] rounded-xl" />
        ))}
      </div>
    </>
  );
}

/**
 * The seller's journey in outline (greeting, summary cards, stages), laid out like the journey
 * screen itself: shown while the seller's code loads, so the page has its shape from the first paint
 * (issue 16) and nothing painted moves when the journey arrives.
 */
export function JourneySkeleton({ label = 'Loading your journey' }: { label?: string }) {
  return (
    <SkeletonStatus label={label} className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <div>
        <Bone className="h-9 w-56" />
        <Bone className="mt-2 h-6 w-36" />
      </div>
      <JourneyBodySkeleton />
    </SkeletonStatus>
  );
}

/** The profile in outline (title, then its cards), laid out like the profile screen. */
export function ProfileSkeleton({ label = 'Loading your profile' }: { label?: string }) {
  return (
    <SkeletonStatus label={label} className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <Bone className="h-9 w-48" />
      <Bone className="h-72 rounded-xl" />
      <Bone className="h-28 rounded-xl" />
      <Bone className="h-40 rounded-xl" />
    </SkeletonStatus>
  );
}
