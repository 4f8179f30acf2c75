import { useTranslation } from 'react-i18next';
import { PendingScreen } from '../../components/pending-screen';

/** Administrators and ordinary members register on the same screen (spec section 2). */
export function RegisterCommonPage({ role }: { role: 'admin' | 'ordinary' }) {
  const { t } = useTranslation();
  return (
    <PendingScreen
      title={role === 'admin' ? t('web.registerCommon.adminTitle') : t('web.registerCommon.ordinaryTitle')}
      description={t('web.registerCommon.description')}
      back="login"
    />
  );
}

export function RegisterCommonAdminPage() {
  return <RegisterCommonPage role="admin" />;
}

export function RegisterCommonOrdinaryPage() {
  return <RegisterCommonPage role="ordinary" />;
}
