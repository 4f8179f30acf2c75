import type { UseMutationResult } from '@tanstack/react-query';

/**
 * A confirmation's `onOk`: starts the mutation and resolves once the server has answered, so that
 * the confirmation stays busy until then and closes either way. A failure has been said by then
 * (the api client's toast, or the call's own `onError`).
 */
export function untilSettled<Data, Variables>(
  mutation: UseMutationResult<Data, Error, Variables>,
  variables: Variables,
  onSuccess: (data: Data) => void,
): Promise<void> {
  return new Promise((settled) => mutation.mutate(variables, { onSuccess, onSettled: () => settled() }));
}
