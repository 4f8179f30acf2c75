import { useEffect, useState } from 'react';
import type { PortalEnterprise } from '@portal/shared/api/portal';
import { ApiError } from '../../lib/api-error';
import { selectCurrentEnterprise, useSession } from '../../stores/session-store';
import { refreshPortal } from '../../session/portal-session';
import { canUseSettings } from '../../session/settings-access';

export type SettingsAccess =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'denied' }
  | { status: 'allowed'; enterprise: PortalEnterprise };

/**
 * Decides from portal info whether to show the settings centre. The server checks the role on every
 * call anyway; deciding here spares a non-administrator a flash of the screen before NoAuth.
 */
export function useSettingsAccess(): SettingsAccess {
  const enterprises = useSession((s) => s.enterprises);
  const current = useSession(selectCurrentEnterprise);
  const [failed, setFailed] = useState(false);

  // Opened by a full page load (a product link), so portal info and the company's branding are
  // usually not in memory yet.
  useEffect(() => {
    if (enterprises !== null) return;
    refreshPortal().catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      setFailed(true);
    });
  }, [enterprises]);

  if (enterprises === null) return failed ? { status: 'failed' } : { status: 'loading' };
  return canUseSettings(current) ? { status: 'allowed', enterprise: current } : { status: 'denied' };
}
