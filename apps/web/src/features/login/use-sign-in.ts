import { useState } from 'react';
import type { LoginRequest } from '@portal/shared/api/auth';
import { ApiError } from '../../lib/api-error';
import { writeToken } from '../../lib/cookies';
import { login } from '../../session/session-api';
import { useEnterPortal } from '../../session/use-enter-portal';

/** Signs in with either method and goes on into the portal; `submitting` covers both steps. */
export function useSignIn(): { submitting: boolean; signIn: (body: LoginRequest) => Promise<void> } {
  const enterPortal = useEnterPortal();
  const [submitting, setSubmitting] = useState(false);

  async function signIn(body: LoginRequest) {
    setSubmitting(true);
    try {
      const session = await login(body);
      writeToken(session.token, session.expiresAt);
      await enterPortal();
    } catch (error) {
      // The api client has already told the user what went wrong.
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, signIn };
}
