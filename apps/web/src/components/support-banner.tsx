import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/format-date';
import { useSupportSession } from '../session/support-session';
import styles from './support-banner.module.css';

/** Who acts in the company and until when, on every screen of a support session. */
export function SupportBanner() {
  const { t } = useTranslation();
  const { data } = useSupportSession();
  const support = data?.support;
  if (!support) return null;
  return (
    <Alert
      role="status"
      className={styles.banner}
      type="warning"
      showIcon
      banner
      title={t('web.support.banner', {
        name: support.supportName,
        company: support.companyName,
        until: formatDate(support.until),
      })}
    />
  );
}
