import { LoginOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/link-button';
import { MessageScreen } from '../../components/message-screen';

export function NoAuthPage() {
  const { t } = useTranslation();
  return (
    <MessageScreen
      status="403"
      title={t('web.noAuth.title')}
      description={t('web.noAuth.description')}
      actions={
        <LinkButton to="/login" icon={<LoginOutlined aria-hidden="true" />}>
          {t('web.noAuth.backToLogin')}
        </LinkButton>
      }
    />
  );
}
