import { useTranslation } from 'react-i18next';
import { PendingScreen } from '../../components/pending-screen';

export function ForgetPasswordPage() {
  const { t } = useTranslation();
  return (
    <PendingScreen
      title={t('web.forgetPassword.title')}
      description={t('web.forgetPassword.description')}
      back="login"
    />
  );
}
