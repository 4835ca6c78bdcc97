/**
 * Every enumerated value the platform stores or sends, declared once. The zod schemas in this
 * package and the drizzle tables in libs/db (text enums and their CHECK constraints) both take
 * their values from here; `libs/db/src/schema/enums.test.ts` compares them with the constraints in
 * a migrated database, so a list changed without a migration fails a test.
 */

export const USER_ROLES = ['agent', 'client'] as const;
export const CONTACT_METHODS = ['email', 'phone', 'text'] as const;
export const SUBSCRIPTION_TYPES = ['trial', 'monthly', 'annual'] as const;
export const SUBSCRIPTION_STATUSES = ['active', 'pending', 'cancelled', 'trial'] as const;

export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
/** predefined: a stage's built-in task list; checklist: assessment areas and Ready to Show!! items; standard: ours. */
export const TASK_KINDS = ['predefined', 'checklist', 'standard'] as const;
export const TASK_CATEGORIES = [
  'repair',
  'cleaning',
  'organizing',
  'staging',
  'maintenance',
  'inspection',
] as const;
/** Stored status of a client task; the seller sees and sends only pending or completed. */
export const CLIENT_TASK_STATUSES = ['not_started', 'in_progress', 'completed', 'skipped'] as const;
/** Stored status of a custom task. */
export const CUSTOM_TASK_STATUSES = ['pending', 'completed'] as const;
/** Stored stage progress; the service writes all but `available` (spec data model). */
export const STAGE_PROGRESS_STATUSES = ['locked', 'available', 'in_progress', 'completed'] as const;
export const GROUP_ROLES = ['owner', 'admin', 'member'] as const;

export const INVITATION_TYPES = ['agent-to-client', 'client-to-agent'] as const;
export const INVITATION_STATUSES = ['pending', 'accepted', 'expired'] as const;
export const MESSAGE_CHANNELS = ['email', 'sms'] as const;

/** Logo images services/branding stores (checked by their first bytes; SVG is refused, see its README). */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
