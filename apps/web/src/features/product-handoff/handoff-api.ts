import { queryOptions } from '@tanstack/react-query';
import { portalCalls } from '../../lib/api-calls';
import { call } from '../../lib/api-client';

/** Portal info as a product reads it: without the portal's own copies (cookies, `_userInfo`) it keeps. */
export const handoffKeys = {
  all: ['handoff'] as const,
  /** `GET F/portal/info`: their companies and the products of each. */
  portalInfo: () => [...handoffKeys.all, 'portal-info'] as const,
};

export const portalInfoQuery = () =>
  queryOptions({
    queryKey: handoffKeys.portalInfo(),
    queryFn: ({ signal }) => call(portalCalls.portalInfo, undefined, { signal }),
  });
