import { useTranslation } from 'react-i18next';
import { PendingScreen } from '../../components/pending-screen';

export function RegisterOwnerPage() {
  const { t } = useTranslation();
  return (
    <PendingScreen title={t('web.registerOwner.title')} description={t('web.registerOwner.description')} back="login" />
  );
}
