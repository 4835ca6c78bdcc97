/** The stated rule for a new password (spec seller §2 /reset-password, §9): shown under the field. */
export const PASSWORD_RULE = 'At least 8 characters. A mix of letters and numbers is recommended.';
