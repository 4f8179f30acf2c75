/**
 * Where the portal's calls live: F (front: sign-in, codes, registration, the portal), A (the
 * personal centre) and S (the settings centre), all under one API prefix. The only place these
 * strings are written; everything else takes them, or a call's whole path, from here.
 */
export const API_PREFIX = '/api';
export const FRONT_PREFIX = `${API_PREFIX}/portal/front/v4`;
export const ACCOUNT_PREFIX = `${API_PREFIX}/portal/admin/v4`;
export const SETTINGS_PREFIX = `${API_PREFIX}/settcntr/admin/v4`;
/** The settings centre's calls on the session's current company. */
export const COMPANY_SETTINGS_PREFIX = `${SETTINGS_PREFIX}/enterprise`;
