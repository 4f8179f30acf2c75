/** Bases of the contract: F (front), A (personal centre), S (settings centre). */
export const F = '/api/portal/front/v4';
export const A = '/api/portal/admin/v4';
export const S = '/api/settcntr/admin/v4';
