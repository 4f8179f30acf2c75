/** Sign-in and sign-out, second steps and passkeys, and the signed-in user. */
export const signInCalls = {};
