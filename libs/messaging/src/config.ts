import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/**
 * The delivery engines' variables (DESIGN.md §2). A service extends its config schema with this
 * shape and passes the parsed values to `createMailer` / `createSmsSender`; unset means the dev
 * mailbox.
 */
export const messagingConfigShape = {
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_REFRESH_TOKEN: optional,
  /** The From header, e.g. `ListReady <homes@example.com>`; Gmail uses the account's address when unset. */
  MAIL_FROM: optional,
  TWILIO_ACCOUNT_SID: optional.pipe(
    z.string().startsWith('AC', { message: 'must be a Twilio account SID (AC…)' }).optional(),
  ),
  TWILIO_AUTH_TOKEN: optional,
  /** The sending number (E.164) or messaging service SID. */
  TWILIO_FROM: optional,
};
export const messagingConfigSchema = z.object(messagingConfigShape);
export type MessagingConfig = z.infer<typeof messagingConfigSchema>;

/** Some but not all of an engine's variables are set: a deployment mistake, reported at boot. */
export class MessagingConfigError extends Error {
  readonly code = 'MESSAGING_CONFIG_INVALID';
  constructor(engine: string, missing: string[]) {
    super(
      `${engine} is partly configured: set ${missing.join(', ')} as well, or unset all of them to use the dev mailbox`,
    );
    this.name = 'MessagingConfigError';
  }
}

/** Which variables of a group are missing when at least one of them is set (none: all or nothing). */
export function missingOfGroup(
  config: Partial<Record<string, string | undefined>>,
  names: readonly string[],
): string[] {
  const set = names.filter((name) => config[name] !== undefined);
  return set.length === 0 ? [] : names.filter((name) => config[name] === undefined);
}
