import { useTranslation } from 'react-i18next';
import type { RecentPasskey } from '@portal/shared/api/fresh-proof';
import { CONFIRM_WIDTH } from '@portal/shared/constants';
import { useFeedback } from '../../../components/feedback';
import { formatDate } from '../../../lib/format-date';
import { useRemovePasskey } from '../account-security-api';
import styles from './passkeys-card.module.css';

/**
 * After a password change or signing out everywhere: the passkeys added in the last days, which a
 * borrowed session may have planted and which neither would stop, offered for removal by name.
 * Nothing is asked when there are none.
 */
export function useOfferRecentPasskeyRemoval(): (recent: RecentPasskey[]) => void {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const remove = useRemovePasskey();

  return (recent) => {
    if (recent.length === 0) return;
    modal.confirm({
      title: t('passkeys.recentTitle'),
      content: (
        <>
          <p>{t('passkeys.recentContent')}</p>
          <ul className={styles.recentList}>
            {recent.map((passkey) => (
              <li key={passkey.id}>
                <strong>{passkey.name ?? t('passkeys.unnamed')}</strong>{' '}
                {t('passkeys.createdAt', { time: formatDate(passkey.createdAt) })}
              </li>
            ))}
          </ul>
        </>
      ),
      okText: t('passkeys.recentRemove'),
      okButtonProps: { danger: true },
      cancelText: t('passkeys.recentKeep'),
      width: CONFIRM_WIDTH,
      onOk: async () => {
        for (const passkey of recent) await remove.mutateAsync({ body: { id: passkey.id } });
        message.success(t('passkeys.recentRemoved'));
      },
    });
  };
}
