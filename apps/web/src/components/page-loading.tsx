import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './page-loading.module.css';

/** Shown while a screen's code is loaded on demand. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.screen} role="status" aria-live="polite">
      <Spin size="large" />
      <span className={styles.label}>{t('common.loading')}</span>
    </div>
  );
}
