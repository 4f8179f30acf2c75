import { useTranslation } from 'react-i18next';
import styles from './page-loading.module.css';
import { Spinner } from './plain/spinner';

/** Shown while a screen's code is loaded on demand. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.screen} role="status" aria-live="polite">
      <Spinner large />
      <span className={styles.label}>{t('common.loading')}</span>
    </div>
  );
}
