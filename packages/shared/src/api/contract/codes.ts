/** Verification codes by SMS and email, and the tickets that prove a phone or email. */
export const codeCalls = {};
