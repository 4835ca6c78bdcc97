import { z } from 'zod';
import { isPhoneNumber } from '../phone.ts';
import { USER_ROLES } from '../enums.ts';
import { authMessages } from './messages.ts';

/**
 * Request bodies of the account calls (seller spec §3, §5 and §7). Browser forms (react-hook-form's
 * zod resolver) and services/auth validate with the same schemas, so both show the same messages,
 * field by field. Keep this module free of server-only code.
 */

export const userRoleSchema = z.enum(USER_ROLES, { error: authMessages.roleRequired });
export type UserRole = z.infer<typeof userRoleSchema>;

/** Trimmed, then checked; stored as typed (look-ups compare lower case). */
export const emailField = z
  .string({ error: authMessages.invalidEmail })
  .trim()
  .max(254, { error: authMessages.invalidEmail })
  .pipe(z.email({ error: authMessages.invalidEmail }));

/** New passwords: at least 8 characters (spec §9); the cap keeps hashing cost bounded. */
export const newPasswordField = z
  .string({ error: authMessages.passwordTooShort })
  .min(8, { error: authMessages.passwordTooShort })
  .max(128, { error: authMessages.passwordTooLong });

/** A required field of a form, named in its too-long message so the person knows the limit. */
const requiredText = (message: string, label: string, max = 100) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: authMessages.atMost(label, max) });

const confirmPasswordField = z
  .string({ error: authMessages.confirmPasswordRequired })
  .min(1, { error: authMessages.confirmPasswordRequired });

interface PasswordPair {
  password: string;
  confirmPassword: string;
}

/**
 * `Passwords don't match`, reported on confirmPassword. It runs even when other fields fail, so a
 * form shows every problem at once; it waits only for both passwords to be present.
 */
const passwordsMatch = {
  error: authMessages.passwordsDontMatch,
  path: ['confirmPassword'],
  when: (payload: { value: unknown }) => {
    const value = payload.value as Partial<Record<keyof PasswordPair, unknown>> | undefined;
    return (
      typeof value?.password === 'string' &&
      typeof value.confirmPassword === 'string' &&
      value.confirmPassword !== ''
    );
  },
};
const samePasswords = (value: PasswordPair) => value.password === value.confirmPassword;

/** A phone number as people type it (`isPhoneNumber`); sign-up requires one. */
const PHONE_MAX = 40;
const phoneField = requiredText(authMessages.phoneRequired, 'Phone number', PHONE_MAX).refine(
  (value) => value === '' || isPhoneNumber(value),
  { error: authMessages.invalidPhone },
);

/** POST /api/register */
export const registerRequestSchema = z
  .object({
    email: emailField,
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
    firstName: requiredText(authMessages.firstNameRequired, 'First name'),
    lastName: requiredText(authMessages.lastNameRequired, 'Last name'),
    phone: phoneField,
    role: userRoleSchema.default('client'),
  })
  .refine(samePasswords, passwordsMatch);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
/** What the sign-up form holds before parsing (role may still be unset). */
export type RegisterForm = z.input<typeof registerRequestSchema>;

/** POST /api/login: any non-empty password (rules for new passwords do not apply to old ones). */
export const loginRequestSchema = z.object({
  email: emailField,
  password: z
    .string({ error: authMessages.passwordRequired })
    .min(1, { error: authMessages.passwordRequired })
    .max(1024, { error: authMessages.tooLong }),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** POST /api/auth/password-reset-request */
export const passwordResetRequestSchema = z.object({ email: emailField });
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;

/** POST /api/auth/password-reset-confirm */
export const passwordResetConfirmSchema = z
  .object({
    token: z
      .string({ error: authMessages.resetTokenRequired })
      .trim()
      .min(1, { error: authMessages.resetTokenRequired })
      .max(512, { error: authMessages.tooLong }),
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine(samePasswords, passwordsMatch);
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;

/**
 * PUT /api/auth/user/password: a signed-in person's new password, with their current one (the
 * server checks it, as signing in does) and the new one twice. The new one must differ.
 */
export const passwordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: authMessages.currentPasswordNeeded })
      .min(1, { error: authMessages.currentPasswordNeeded })
      .max(1024, { error: authMessages.tooLong }),
    password: newPasswordField,
    confirmPassword: confirmPasswordField,
  })
  .refine(samePasswords, passwordsMatch)
  .refine((value) => value.password !== value.currentPassword, {
    error: authMessages.newPasswordSameAsCurrent,
    path: ['password'],
    when: (payload) => {
      const value = payload.value as Partial<Record<'password' | 'currentPassword', unknown>> | undefined;
      return (
        typeof value?.password === 'string' &&
        value.password !== '' &&
        typeof value.currentPassword === 'string'
      );
    },
  });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
export type PasswordChangeForm = z.input<typeof passwordChangeSchema>;

/**
 * PUT /api/auth/user (Edit Profile). Changing the e-mail — the address that signs in and receives
 * reset links — also needs the current password (the server says so on `currentPassword`).
 */
export const profileUpdateSchema = z.object({
  firstName: requiredText(authMessages.firstNameRequired, 'First name'),
  lastName: requiredText(authMessages.lastNameRequired, 'Last name'),
  email: emailField,
  /**
   * The account's one number: absent, unchanged; empty, removed. With text reminders on it must
   * stay, in international format (the server checks: it knows the reminders).
   */
  phone: z
    .string({ error: authMessages.invalidPhone })
    .trim()
    .max(PHONE_MAX, { error: authMessages.atMost('Phone number', PHONE_MAX) })
    .refine((value) => value === '' || isPhoneNumber(value), { error: authMessages.invalidPhone })
    .optional(),
  currentPassword: z
    .string()
    .max(200)
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** GET /api/dev/mailbox?to= */
export const devMailboxQuerySchema = z.object({
  to: z
    .string({ error: 'Query parameter to is required' })
    .trim()
    .min(1, { error: 'Query parameter to is required' }),
});
