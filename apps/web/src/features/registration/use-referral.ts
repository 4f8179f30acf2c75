import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import {
  INVITATION_ROUTES,
  type InvitationKind,
  type JoinedThrough,
  type ReferralInfo,
} from '@portal/shared/api/registration';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-error';
import { referralQuery } from './registration-api';
import { clearProgress } from './registration-progress';

export type ValidReferral = Extract<ReferralInfo, { status: 'valid' }>;

type ReferralState =
  | { status: 'loading' }
  /** The server could not be asked (network, overload): worth another try, not a dead link. */
  | { status: 'failed' }
  | { status: 'valid'; referral: ValidReferral }
  /** No longer valid, but the signed-in person joined through it: they are in, nothing is left to do. */
  | { status: 'joined'; joined: JoinedThrough };

/** Answers that say the link itself is no good, as opposed to the server being unreachable. */
function meansInvalidLink(error: Error | null): boolean {
  return error instanceof ApiError && (error.code === ErrorCode.BadRequest || error.code === ErrorCode.NotFound);
}

/**
 * The invitation behind `?referralId=`. Without an id, or for a link that is not valid, the person
 * goes to the link-invalid page (step 5), unless they joined through it (the server tells who, by
 * the session): opened again in another tab, it says so. A link opened on another kind's route moves to its own
 * route, so the screen always matches what the link is.
 */
export function useReferral(
  referralId: string | null,
  routeKind: InvitationKind,
): { state: ReferralState; retry: () => void } {
  const navigate = useNavigate();
  const query = useQuery({ ...referralQuery(referralId ?? ''), enabled: referralId !== null });
  const info = query.data;
  const joined = info !== undefined && info.status !== 'valid' ? info.joined : undefined;
  const invalid =
    !referralId || (info !== undefined && info.status !== 'valid' && !joined) || meansInvalidLink(query.error);
  const ownKind = info?.status === 'valid' ? info.kind : routeKind;

  useEffect(() => {
    if (invalid) {
      if (referralId) clearProgress(referralId);
      void navigate(paths.registerInvalidity, { replace: true });
    } else if (referralId && ownKind !== routeKind) {
      const query = new URLSearchParams({ referralId });
      void navigate(`${INVITATION_ROUTES[ownKind]}?${query.toString()}`, { replace: true });
    }
  }, [invalid, ownKind, routeKind, referralId, navigate]);

  let state: ReferralState = { status: 'loading' };
  if (info?.status === 'valid' && info.kind === routeKind) state = { status: 'valid', referral: info };
  else if (joined) state = { status: 'joined', joined };
  else if (query.isError && !query.isFetching && !invalid) state = { status: 'failed' };
  return { state, retry: () => void query.refetch() };
}
