import { ErrorCode } from '../../errors/error-codes.ts';
import {
  enterEnterpriseQuerySchema,
  enterEnterpriseResponseSchema,
  portalInfoSchema,
  portalUserAdminSchema,
} from '../portal.ts';
import { defineCall } from './define.ts';
import { FRONT_PREFIX as F } from './prefixes.ts';

/** The home page: the user's companies and their products. */
export const portalCalls = {
  portalInfo: defineCall({
    method: 'GET',
    path: `${F}/portal/info`,
    audience: 'signedIn',
    tag: 'portal',
    summary: "The user's companies, the products each has rights to, and the current company",
    response: portalInfoSchema,
    errors: [],
  }),

  enterEnterprise: defineCall({
    method: 'POST',
    path: `${F}/portal/enterprise/enter`,
    audience: 'signedIn',
    tag: 'portal',
    summary: "Switch the session's current company",
    description: '1000403 with header `redirect-page: 001` when the user is not a member.',
    query: enterEnterpriseQuerySchema,
    response: enterEnterpriseResponseSchema,
    errors: [ErrorCode.Forbidden],
  }),

  portalAdmin: defineCall({
    method: 'GET',
    path: `${F}/portal/user/admin`,
    audience: 'signedIn',
    tag: 'portal',
    summary: 'Whether the user administers the current company',
    response: portalUserAdminSchema,
    errors: [],
  }),
};
