import { useTranslation } from 'react-i18next';
import { PendingScreen } from '../../components/pending-screen';

export function VerifyPhonePage() {
  const { t } = useTranslation();
  return (
    <PendingScreen title={t('web.verifyPhone.title')} description={t('web.verifyPhone.description')} back="home" />
  );
}
