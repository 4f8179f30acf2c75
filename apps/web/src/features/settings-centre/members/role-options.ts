import { useTranslation } from 'react-i18next';
import { MEMBER_ROLES, type MemberRole } from '@portal/shared/api/portal';

/** The roles a member can have, labelled in the current language. */
export function useRoleOptions(): { value: MemberRole; label: string }[] {
  const { t } = useTranslation();
  return MEMBER_ROLES.map((role) => ({
    value: role,
    label: role === 'admin' ? t('settings.members.roleAdmin') : t('settings.members.roleMember'),
  }));
}
