import { BankOutlined, HomeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PortalEnterprise } from '@portal/shared/api/portal';
import { BrandedMark } from '../../components/branded-mark';
import topBar from '../../components/top-bar.module.css';
import { UserMenu } from '../../components/user-menu';
import { paths } from '../../config/paths';
import styles from './settings-header.module.css';

/** The settings centre opens as a product of its own, outside the portal's frame: its bar names the
 *  company's brand and the company it acts on, leads back home, and has the shell's user menu. */
export function SettingsHeader({ enterprise }: { enterprise: PortalEnterprise }) {
  const { t } = useTranslation();
  return (
    <header className={`${topBar.bar} ${styles.header}`}>
      <span className={styles.brand}>
        <BrandedMark />
      </span>
      <span className={styles.company} title={enterprise.enterpriseName}>
        <BankOutlined aria-hidden="true" />
        <span className={styles.companyName}>{enterprise.abbreviation || enterprise.enterpriseName}</span>
      </span>
      <span className={styles.spacer} />
      <Link to={paths.home} className={styles.home}>
        <HomeOutlined aria-hidden="true" />
        <span className={styles.homeLabel}>{t('settings.backToHome')}</span>
      </Link>
      <UserMenu />
    </header>
  );
}
