import { useEffect, useState } from 'react';
import type { CurrentUser } from '@portal/shared/api/auth';
import type { PortalEnterprise } from '@portal/shared/api/portal';
import type { ProductCode } from '@portal/shared/products';
import { ApiError } from '../../lib/api-error';
import { fetchPortalInfo } from '../../session/session-api';
import { fetchCurrentUser } from './handoff-api';

export type HandoffSession =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; user: CurrentUser; enterprise: PortalEnterprise | null; entitled: boolean };

/**
 * What a product learns from the portal's shared session, the way a separate product would: only
 * from the token cookie and the two front calls, not from the portal's in-memory state.
 */
export function useHandoffSession(code: ProductCode): HandoffSession {
  const [session, setSession] = useState<HandoffSession>({ status: 'loading' });

  useEffect(() => {
    let active = true;
    Promise.all([fetchCurrentUser(), fetchPortalInfo()])
      .then(([user, info]) => {
        if (!active) return;
        const enterprise = info.enterpriseProduct.find((e) => e.enterpriseId === info.enterpriseId) ?? null;
        const entitled = enterprise?.productList.some((p) => p.productCode === code) ?? false;
        setSession({ status: 'ready', user, enterprise, entitled });
      })
      .catch((error: unknown) => {
        // The api client has told the user (and leaves for sign-in on an expired session).
        if (!(error instanceof ApiError)) throw error;
        if (active) setSession({ status: 'failed' });
      });
    return () => {
      active = false;
    };
  }, [code]);

  return session;
}
