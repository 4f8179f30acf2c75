import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../lib/api-error';
import { readToken } from '../lib/cookies';
import { useSession } from '../stores/session-store';
import { refreshPortal } from './portal-session';
import { enterEnterprise } from './session-api';

const ENTERPRISE_PARAM = 'enterpriseId';

function requestedEnterprise(params: URLSearchParams): number | null {
  const id = Number(params.get(ENTERPRISE_PARAM));
  return Number.isInteger(id) && id > 0 ? id : null;
}

function reported(error: unknown): void {
  // The api client has told the user, or sent them on (sign-in, no-permission page).
  if (!(error instanceof ApiError)) throw error;
}

/**
 * Keeps the signed-in frame's data: fetched after a reload (after sign-in it is there already), and
 * a link `?enterpriseId=<id>` enters that company first. A company the user is not in answers
 * 1000403 with redirect-page 001, and the api client shows the no-permission page.
 */
export function usePortalData(): void {
  const [params, setParams] = useSearchParams();
  const loaded = useSession((s) => s.enterprises !== null);
  const requested = requestedEnterprise(params);

  useEffect(() => {
    if (requested === null) return;
    enterEnterprise(requested)
      .then(refreshPortal)
      .then(() =>
        setParams(
          (next) => {
            next.delete(ENTERPRISE_PARAM);
            return next;
          },
          { replace: true },
        ),
      )
      .catch(reported);
  }, [requested, setParams]);

  useEffect(() => {
    // No token: signed out just now, the guard takes over; asking would only earn a 401.
    if (loaded || requested !== null || !readToken()) return;
    refreshPortal().catch(reported);
  }, [loaded, requested]);
}
