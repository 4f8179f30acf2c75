/** The person's own two-step sign-in, sessions and passkeys. */
export const accountSecurityCalls = {};
