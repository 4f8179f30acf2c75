import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LinkButton } from './link-button';
import { MessageScreen } from './message-screen';

/**
 * A route whose screen is not built yet: it names itself and offers a way back, and claims
 * nothing it cannot do.
 */
export function PendingScreen({
  title,
  description,
  back,
}: {
  title: string;
  description: string;
  back: 'login' | 'home';
}) {
  const { t } = useTranslation();
  return (
    <MessageScreen
      icon={<ClockCircleOutlined aria-hidden="true" />}
      title={title}
      description={
        <>
          <p>{description}</p>
          <p>{t('web.pending.notice')}</p>
        </>
      }
      actions={
        back === 'login' ? (
          <LinkButton to="/login">{t('web.pending.backToLogin')}</LinkButton>
        ) : (
          <LinkButton to="/home">{t('web.pending.backToHome')}</LinkButton>
        )
      }
    />
  );
}
