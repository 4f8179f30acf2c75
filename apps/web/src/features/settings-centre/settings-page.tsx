import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { MessageScreen } from '../../components/message-screen';
import { PageLoading } from '../../components/page-loading';
import { paths } from '../../config/paths';
import { SettingsCentre } from './settings-centre';
import { useSettingsAccess } from './use-settings-access';

/** `/settings`: the settings centre for the administrators of a company that has it. */
export function SettingsPage() {
  const { t } = useTranslation();
  const access = useSettingsAccess();

  if (access.status === 'loading') return <PageLoading />;
  if (access.status === 'denied') return <Navigate to={paths.noAuth} replace />;
  if (access.status === 'failed') {
    return (
      <MessageScreen
        status="error"
        title={t('products.settcntr.name')}
        description={t('settings.loadFailed')}
        actions={<LinkButton to={paths.home}>{t('settings.backToHome')}</LinkButton>}
      />
    );
  }
  return <SettingsCentre enterprise={access.enterprise} />;
}
