/** The six steps of the landing page and the sign-in side panel (spec seller §1). */
export interface JourneyStep {
  number: number;
  title: string;
  description: string;
}

export const JOURNEY_STEPS: readonly JourneyStep[] = [
  {
    number: 1,
    title: 'Sign Up',
    description: 'Create your free account in a minute and tell us about your home.',
  },
  {
    number: 2,
    title: 'Customize Your Checklist',
    description: 'Start from a proven room-by-room plan and make it fit your home.',
  },
  {
    number: 3,
    title: 'Invite Family & Work with Your Realtor',
    description: 'Share the work with your household and keep your agent in the loop.',
  },
  {
    number: 4,
    title: 'Set Due Dates & Reminders',
    description: 'Give every task a date so nothing slips before the photographer arrives.',
  },
  {
    number: 5,
    title: 'Get to Work',
    description: 'Declutter, repair and stage, one satisfying check mark at a time.',
  },
  {
    number: 6,
    title: 'List the House',
    description: 'Go live with a home that is ready to show and ready to sell.',
  },
];

/**
 * The footer's year is the build's: webpack writes it into the browser's scripts
 * (`LISTREADY_BUILD_YEAR`, shell/webpack.config.ts) and the prerendered pages, rendered by the same
 * build, read the clock then; so the HTML and the scripts that hydrate it agree. (The spec's "2025"
 * was its product's current year.)
 */
export const COPYRIGHT_YEAR = process.env.LISTREADY_BUILD_YEAR ?? String(new Date().getFullYear());

export const COPYRIGHT_LINE = `© ${COPYRIGHT_YEAR} ListReady. All rights reserved.`;
