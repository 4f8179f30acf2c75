/** The settings centre, on the session's current company. */
export const settingsCalls = {};
