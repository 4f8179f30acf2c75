import type { PortalEnterprise } from '@portal/shared/api/portal';
import { currentEnterpriseOf, usePortalInfo } from '../../session/session-queries';
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
  const portal = usePortalInfo();
  if (portal.isError) return { status: 'failed' };
  if (!portal.data) return { status: 'loading' };
  const current = currentEnterpriseOf(portal.data);
  return canUseSettings(current) ? { status: 'allowed', enterprise: current } : { status: 'denied' };
}
