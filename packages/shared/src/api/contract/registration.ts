/** Invitation links and registration. */
export const registrationCalls = {};
