import { ClusterOutlined, LineChartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Spin, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IDENTIFIER_TYPES } from '@portal/shared/api/auth';
import { BrandMark } from '../../components/brand-mark';
import { ScreenToolbar } from '../../components/screen-toolbar';
import { ApiError } from '../../lib/api-error';
import { readToken } from '../../lib/cookies';
import { useEnterPortal } from '../session/use-enter-portal';
import { PasswordSignInForm } from './password-sign-in-form';
import styles from './login-page.module.css';

const TAB_LABELS = {
  phone: 'web.login.tabPhone',
  email: 'web.login.tabEmail',
  account: 'web.login.tabAccount',
} as const;

export function LoginPage() {
  const { t } = useTranslation();
  const enterPortal = useEnterPortal();
  // Someone who is still signed in goes on to their product or home rather than seeing the form.
  const [entering, setEntering] = useState(() => Boolean(readToken()));

  useEffect(() => {
    if (!readToken()) return;
    enterPortal().catch((error: unknown) => {
      // An expired token is handled by the api client (toast, cookie removed); show the form.
      if (!(error instanceof ApiError)) throw error;
      setEntering(false);
    });
  }, [enterPortal]);

  return (
    <div className={styles.screen}>
      <aside className={styles.hero}>
        <BrandMark />
        <div className={styles.heroBody}>
          <p className={styles.heroHeadline}>{t('web.login.heroHeadline')}</p>
          <p className={styles.heroText}>{t('web.login.heroDescription')}</p>
          <ul className={styles.heroPoints}>
            <li>
              <ThunderboltOutlined aria-hidden="true" /> {t('web.login.heroStorage')}
            </li>
            <li>
              <ClusterOutlined aria-hidden="true" /> {t('web.login.heroMicrogrid')}
            </li>
            <li>
              <LineChartOutlined aria-hidden="true" /> {t('web.login.heroEfficiency')}
            </li>
          </ul>
        </div>
        <p className={styles.heroFoot}>{t('web.brand.tagline')}</p>
      </aside>
      <main className={styles.panel}>
        <div className={styles.toolbar}>
          <span className={styles.compactBrand}>
            <BrandMark />
          </span>
          <ScreenToolbar />
        </div>
        <section className={styles.card} aria-labelledby="login-heading">
          <h1 id="login-heading" className={styles.heading}>
            {t('web.login.heading')}
          </h1>
          <p className={styles.subheading}>{t('web.login.subheading')}</p>
          {entering ? (
            <div className={styles.entering} role="status">
              <Spin />
              <span>{t('web.login.entering')}</span>
            </div>
          ) : (
            <Tabs
              aria-label={t('web.login.methods')}
              defaultActiveKey="phone"
              items={IDENTIFIER_TYPES.map((type) => ({
                key: type,
                label: t(TAB_LABELS[type]),
                children: <PasswordSignInForm identifierType={type} />,
              }))}
            />
          )}
        </section>
      </main>
    </div>
  );
}
