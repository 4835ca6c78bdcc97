import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  loginRequestSchema,
  passwordResetConfirmSchema,
  profileUpdateSchema,
  registerRequestSchema,
} from './requests.ts';

/** field path → messages, the way a form shows them. */
function fieldErrors(result: z.ZodSafeParseResult<unknown>): Record<string, string[]> {
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issue.message);
  return errors;
}

const validRegistration = {
  email: 'ann@example.com',
  password: 'longenough1',
  confirmPassword: 'longenough1',
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '555-0100',
  role: 'client',
};

describe('registration schema', () => {
  it('accepts a complete sign-up and defaults the role to client', () => {
    const { role: _role, ...withoutRole } = validRegistration;
    expect(registerRequestSchema.parse({ ...withoutRole, email: '  ann@example.com ' })).toMatchObject({
      email: 'ann@example.com',
      role: 'client',
    });
  });

  it('gives the spec message for every field of an empty form', () => {
    expect(
      fieldErrors(
        registerRequestSchema.safeParse({
          role: 'owner',
          email: '',
          password: '',
          confirmPassword: '',
          firstName: ' ',
          lastName: '',
          phone: '',
        }),
      ),
    ).toEqual({
      email: ['Please enter a valid email address'],
      password: ['Password must be at least 8 characters'],
      confirmPassword: ['Please confirm your password'],
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      phone: ['Phone number is required'],
      role: ['Please select agent or seller'],
    });
  });

  it('reports a mismatch on confirmPassword even while other fields fail', () => {
    const result = registerRequestSchema.safeParse({
      ...validRegistration,
      firstName: '',
      confirmPassword: 'different1',
    });
    expect(fieldErrors(result)).toEqual({
      firstName: ['First name is required'],
      confirmPassword: ["Passwords don't match"],
    });
  });

  it('rejects a 7-character password', () => {
    const result = registerRequestSchema.safeParse({
      ...validRegistration,
      password: '1234567',
      confirmPassword: '1234567',
    });
    expect(fieldErrors(result)).toEqual({ password: ['Password must be at least 8 characters'] });
  });

  it('names the field and its limit when a name or phone is too long', () => {
    const result = registerRequestSchema.safeParse({
      ...validRegistration,
      firstName: 'A'.repeat(101),
      lastName: 'B'.repeat(100),
      phone: '5'.repeat(41),
    });
    expect(fieldErrors(result)).toEqual({
      firstName: ['First name must be at most 100 characters'],
      phone: [
        'Phone number must be at most 40 characters',
        'Phone number must be a valid phone number (7 to 15 digits)',
      ],
    });
  });

  it('takes a phone number as people type one, and refuses what no phone could dial', () => {
    for (const phone of ['555-0100', '+1 (212) 555-0100', '020 7946 0958', '+442079460958', '555.010.0199'])
      expect(fieldErrors(registerRequestSchema.safeParse({ ...validRegistration, phone })), phone).toEqual(
        {},
      );
    // Letters, six digits, sixteen digits, a + inside.
    for (const phone of ['abc', 'call me', '555-010', '1234567890123456', '555+0100', '☎ 555 0100'])
      expect(fieldErrors(registerRequestSchema.safeParse({ ...validRegistration, phone })), phone).toEqual({
        phone: ['Phone number must be a valid phone number (7 to 15 digits)'],
      });
  });
});

describe('login, reset and profile schemas', () => {
  it('login: valid address and a password', () => {
    expect(fieldErrors(loginRequestSchema.safeParse({ email: 'nope', password: '' }))).toEqual({
      email: ['Please enter a valid email address'],
      password: ['Password is required'],
    });
    expect(fieldErrors(loginRequestSchema.safeParse({}))).toEqual({
      email: ['Please enter a valid email address'],
      password: ['Password is required'],
    });
  });

  it('reset confirm: token, length and match', () => {
    expect(
      fieldErrors(
        passwordResetConfirmSchema.safeParse({ token: '', password: 'short', confirmPassword: '' }),
      ),
    ).toEqual({
      token: ['Reset token is required'],
      password: ['Password must be at least 8 characters'],
      confirmPassword: ['Please confirm your password'],
    });
    expect(
      fieldErrors(
        passwordResetConfirmSchema.safeParse({
          token: 't',
          password: 'longenough1',
          confirmPassword: 'longenough2',
        }),
      ),
    ).toEqual({
      confirmPassword: ["Passwords don't match"],
    });
  });

  it('profile update: names and e-mail', () => {
    expect(fieldErrors(profileUpdateSchema.safeParse({ firstName: '', lastName: '', email: 'x' }))).toEqual({
      firstName: ['First name is required'],
      lastName: ['Last name is required'],
      email: ['Please enter a valid email address'],
    });
  });
});
