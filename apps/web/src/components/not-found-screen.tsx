import { HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';
import { LinkButton } from './link-button';
import { MessageScreen } from './message-screen';

/** The screen of an address that names nothing: an unknown route, or a product id that names no product. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <MessageScreen
      status="404"
      title={t('web.notFound.title')}
      description={t('web.notFound.description')}
      actions={
        <LinkButton to={paths.home} icon={<HomeOutlined aria-hidden="true" />}>
          {t('web.notFound.goHome')}
        </LinkButton>
      }
    />
  );
}
