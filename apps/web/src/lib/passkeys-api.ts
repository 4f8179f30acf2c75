import { queryOptions } from '@tanstack/react-query';
import { accountSecurityCalls } from './api-calls';
import { call } from './api-client';

/** The person's passkeys: the account-security feature lists them, and the fresh-proof dialog (a
 *  shared component, which no feature may feed) offers proving it is them with one when there is one. */
export const passkeysKey = () => ['account-security', 'passkeys'] as const;

export const passkeysQuery = () =>
  queryOptions({
    queryKey: passkeysKey(),
    queryFn: ({ signal }) => call(accountSecurityCalls.passkeys, undefined, { signal }),
  });
