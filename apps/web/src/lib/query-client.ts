import { QueryClient } from '@tanstack/react-query';

/**
 * Server state lives here. The api client has already told the user about a failure, so queries do
 * not retry on their own (a retry would toast again), and data stays fresh until a change
 * invalidates it: the portal's data changes through this app, which invalidates after each change.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
