/*
 * Journey pieces the seller's journey, the agent's dashboard and the client demo all draw. A subpath
 * of its own, not a shared federation module: the landing page never loads it, and each remote that
 * uses it bundles it (a few icons).
 */
export { StageIcon } from './stage-icon.tsx';
export { StageSummary, type StageStatus, type StageSummaryFields } from './stage-summary.tsx';
export { PriorityBadge, type TaskPriorityLevel } from './priority-badge.tsx';
export { ProgressBar } from './progress-bar.tsx';
export { DUE_SOON_DAYS, JourneyCard, type JourneyCounts, type WeekTask } from './journey-card.tsx';
