import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/link-button';
import { MessageScreen } from '../../components/message-screen';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <MessageScreen
      status="404"
      title={t('web.notFound.title')}
      description={t('web.notFound.description')}
      actions={
        <LinkButton to="/home" icon={<HomeOutlined aria-hidden="true" />}>
          {t('web.notFound.goHome')}
        </LinkButton>
      }
    />
  );
}
