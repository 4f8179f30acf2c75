import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { LoginRequest } from '@portal/shared/api/auth';
import { paths } from '../../config/paths';
import type { signInCalls } from '../../lib/api-calls';
import type { ErrorHandlers } from '../../lib/api-client';
import type { CodeOf } from '../../lib/call-view';
import { writeToken } from '../../lib/cookies';
import { useEnterPortal } from '../../session/use-enter-portal';
import { signIn } from './sign-in-api';
import { useSignInWait } from './use-sign-in-wait';

/**
 * Signs in with either method and goes on into the portal; `submitting` covers both steps. The form
 * shows the refusals of `errors` itself (a wrong code under the code field); the api client the rest.
 */
export function useSignIn(errors: ErrorHandlers<CodeOf<typeof signInCalls.login>> = {}): {
  submitting: boolean;
  signIn: (body: LoginRequest) => void;
} {
  const enterPortal = useEnterPortal();
  const navigate = useNavigate();
  const onError = useSignInWait(errors);
  const mutation = useMutation({
    mutationFn: async (body: LoginRequest) => {
      const session = await signIn(body, { onError });
      // two-step sign-in: the code is asked on its own screen, which gets the ticket in the router's state
      if ('twoStep' in session) return void (await navigate(paths.twoStepSignIn, { state: session.twoStep }));
      writeToken(session.token, session.expiresAt);
      await enterPortal();
    },
  });
  return { submitting: mutation.isPending, signIn: mutation.mutate };
}

/** The end of a sign-in made another way (a passkey): the same as above, keep the token and go on in. */
export function useSignedIn(): (session: { token: string; expiresAt: string }) => Promise<void> {
  const enterPortal = useEnterPortal();
  return useCallback(
    async (session) => {
      writeToken(session.token, session.expiresAt);
      await enterPortal();
    },
    [enterPortal],
  );
}
