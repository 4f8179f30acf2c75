import { HomeOutlined, LoginOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { MessageScreen } from '../../components/message-screen';
import { paths } from '../../config/paths';
import { readToken } from '../../lib/cookies';
import { signOut } from '../../session/portal-session';

/**
 * The page always offers the way back to sign-in. Someone still signed in is offered home first, and
 * the way to sign-in signs them out before it goes there (to sign in with an account that has the
 * right, say); the sign-in page would otherwise send a signed-in person straight back home.
 */
export function NoAuthPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = Boolean(readToken());

  async function toSignIn() {
    await signOut();
    await navigate(paths.login, { replace: true });
  }

  return (
    <MessageScreen
      status="403"
      title={t('web.noAuth.title')}
      description={t('web.noAuth.description')}
      actions={
        signedIn ? (
          <>
            <LinkButton to={paths.home} icon={<HomeOutlined aria-hidden="true" />}>
              {t('web.noAuth.backToHome')}
            </LinkButton>
            <LinkButton
              to={paths.login}
              variant="default"
              icon={<LoginOutlined aria-hidden="true" />}
              onClick={(event) => {
                event.preventDefault();
                void toSignIn();
              }}
            >
              {t('web.noAuth.backToLogin')}
            </LinkButton>
          </>
        ) : (
          <LinkButton to={paths.login} icon={<LoginOutlined aria-hidden="true" />}>
            {t('web.noAuth.backToLogin')}
          </LinkButton>
        )
      }
    />
  );
}
