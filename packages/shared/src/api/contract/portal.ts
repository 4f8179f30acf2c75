/** The home page: the user's companies and their products. */
export const portalCalls = {};
