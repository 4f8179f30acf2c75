import { LoginOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../components/link-button';
import { MessageScreen } from '../../components/message-screen';
import { paths } from '../../config/paths';

const REDIRECT_SECONDS = 10;

/** Step 5 of the invitation flow: the link was used, expired or revoked. */
export function RegisterInvalidityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_SECONDS);

  useEffect(() => {
    const timer = setInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (secondsLeft === 0) void navigate(paths.login, { replace: true });
  }, [secondsLeft, navigate]);

  return (
    <MessageScreen
      status="warning"
      title={t('web.registerInvalidity.title')}
      description={
        <>
          <p>{t('web.registerInvalidity.description')}</p>
          <p role="timer" aria-live="off">
            {t('web.registerInvalidity.countdown', { count: secondsLeft })}
          </p>
        </>
      }
      actions={
        <LinkButton to={paths.login} icon={<LoginOutlined aria-hidden="true" />}>
          {t('web.registerInvalidity.goLogin')}
        </LinkButton>
      }
    />
  );
}
