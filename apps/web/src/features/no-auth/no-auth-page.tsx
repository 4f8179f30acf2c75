import { HomeOutlined, LoginOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../components/link-button';
import { MessageScreen } from '../../components/message-screen';
import { paths } from '../../config/paths';
import { readToken } from '../../lib/cookies';

/** Someone still signed in goes back home; only someone signed out is sent to sign in. */
export function NoAuthPage() {
  const { t } = useTranslation();
  const signedIn = Boolean(readToken());
  return (
    <MessageScreen
      status="403"
      title={t('web.noAuth.title')}
      description={t('web.noAuth.description')}
      actions={
        signedIn ? (
          <LinkButton to={paths.home} icon={<HomeOutlined aria-hidden="true" />}>
            {t('web.noAuth.backToHome')}
          </LinkButton>
        ) : (
          <LinkButton to={paths.login} icon={<LoginOutlined aria-hidden="true" />}>
            {t('web.noAuth.backToLogin')}
          </LinkButton>
        )
      }
    />
  );
}
