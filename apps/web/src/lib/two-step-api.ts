import { queryOptions } from '@tanstack/react-query';
import { accountSecurityCalls } from './api-calls';
import { call } from './api-client';

/** Whether two-step sign-in is on: the account-security feature shows it, and the fresh-proof dialog
 *  (a shared component, which no feature may feed) offers a code of the app when it is. */
export const twoStepKeys = {
  all: ['two-step'] as const,
  state: () => [...twoStepKeys.all, 'state'] as const,
};

export const twoStepStateQuery = () =>
  queryOptions({
    queryKey: twoStepKeys.state(),
    queryFn: ({ signal }) => call(accountSecurityCalls.twoStep, undefined, { signal }),
  });
