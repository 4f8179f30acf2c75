import { useTranslation } from 'react-i18next';
import styles from './brand-mark.module.css';

interface BrandMarkProps {
  compact?: boolean;
  wrap?: boolean;
  /** A company's platform name; the platform's own title otherwise. */
  name?: string;
  /** A company's icon; the platform's logo otherwise. */
  iconUrl?: string;
}

/** The logo and name of the platform or of a company's branding; decorative mark, the name is the text. */
export function BrandMark({ compact = false, wrap = false, name, iconUrl }: BrandMarkProps) {
  const { t } = useTranslation();
  return (
    <span className={styles.brand}>
      {iconUrl ? (
        <img className={styles.logo} src={iconUrl} alt="" />
      ) : (
        // the platform's icon as the server draws it for a company without its own: a leaf carrying a bolt
        <svg className={styles.logo} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
          <rect width="64" height="64" rx="14" fill="var(--portal-primary)" />
          <path d="M14 50C14 28 28 14 50 14C50 36 36 50 14 50Z" fill="#fff" />
          <path d="M35 20L24 35H31L28 45L40 29H33Z" fill="var(--portal-primary)" />
        </svg>
      )}
      {compact ? null : (
        <span className={wrap ? styles.wrappedName : styles.name} data-testid="brand-name">
          {name || t('common.platformTitle')}
        </span>
      )}
    </span>
  );
}
