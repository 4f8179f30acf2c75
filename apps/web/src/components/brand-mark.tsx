import { useTranslation } from 'react-i18next';
import styles from './brand-mark.module.css';

/** The platform's logo and name; decorative mark, the name is the accessible text. */
export function BrandMark({ compact = false, wrap = false }: { compact?: boolean; wrap?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={styles.brand}>
      <svg className={styles.logo} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="var(--portal-primary)" />
        <path d="M36 8 18 36h12l-4 20 20-30H34z" fill="#fff" />
      </svg>
      {compact ? null : <span className={wrap ? styles.wrappedName : styles.name}>{t('common.platformTitle')}</span>}
    </span>
  );
}
