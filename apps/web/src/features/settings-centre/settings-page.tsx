import { useTranslation } from 'react-i18next';
import { PendingScreen } from '../../components/pending-screen';

/** The settings centre for company administrators (members, departments, invitations, branding). */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <PendingScreen title={t('products.settcntr.name')} description={t('products.settcntr.description')} back="home" />
  );
}
