import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { INVITATION_ROUTES, type InvitationKind, type ReferralInfo } from '@portal/shared/api/registration';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { ApiError } from '../../lib/api-error';
import { fetchReferralInfo } from './registration-api';

export type ValidReferral = Extract<ReferralInfo, { status: 'valid' }>;

type ReferralState =
  | { status: 'loading' }
  /** The server could not be asked (network, overload): worth another try, not a dead link. */
  | { status: 'failed' }
  | { status: 'valid'; referral: ValidReferral };

export const INVALIDITY_PATH = '/register-invalidity';

/** Answers that say the link itself is no good, as opposed to the server being unreachable. */
function meansInvalidLink(error: unknown): boolean {
  return error instanceof ApiError && (error.code === ErrorCode.BadRequest || error.code === ErrorCode.NotFound);
}

/**
 * The invitation behind `?referralId=`. Without an id, or for a link that is not valid, the person
 * goes to the link-invalid page (step 5). A link opened on another kind's route moves to its own
 * route, so the screen always matches what the link is.
 */
export function useReferral(
  referralId: string | null,
  routeKind: InvitationKind,
): { state: ReferralState; retry: () => void } {
  const navigate = useNavigate();
  const [state, setState] = useState<ReferralState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!referralId) {
      void navigate(INVALIDITY_PATH, { replace: true });
      return;
    }
    let current = true;
    fetchReferralInfo(referralId).then(
      (info) => {
        if (!current) return;
        if (info.status !== 'valid') void navigate(INVALIDITY_PATH, { replace: true });
        else if (info.kind !== routeKind) {
          const query = new URLSearchParams({ referralId });
          void navigate(`${INVITATION_ROUTES[info.kind]}?${query.toString()}`, { replace: true });
        } else setState({ status: 'valid', referral: info });
      },
      (error: unknown) => {
        if (!current) return;
        if (!(error instanceof ApiError)) throw error;
        if (meansInvalidLink(error)) void navigate(INVALIDITY_PATH, { replace: true });
        else setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [referralId, routeKind, attempt, navigate]);

  return {
    state,
    retry: () => {
      setState({ status: 'loading' });
      setAttempt((n) => n + 1);
    },
  };
}
