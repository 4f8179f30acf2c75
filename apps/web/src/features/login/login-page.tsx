import { ClusterOutlined, LineChartOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { IDENTIFIER_TYPES, type IdentifierType } from '@portal/shared/constants';
import { BrandedMark } from '../../components/branded-mark';
import { Spinner } from '../../components/plain/spinner';
import { ScreenToolbar } from '../../components/screen-toolbar';
import { readToken } from '../../lib/cookies';
import { companyDomainLabel } from '../../lib/main-domain';
import { productName } from '../../lib/product-name';
import { useBranding } from '../../session/branding';
import { pendingProduct } from '../../session/pending-interaction';
import { useEnterPortal } from '../../session/use-enter-portal';
import { CodeSignInForm } from './code-sign-in-form';
import { IdentifierTabs } from './identifier-tabs';
import styles from './login-page.module.css';
import { type Method, MethodSwitch } from './method-switch';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { PasswordSignInForm } from './password-sign-in-form';

const TAB_LABELS = {
  phone: 'web.login.tabPhone',
  email: 'web.login.tabEmail',
  account: 'web.login.tabAccount',
} as const;

function SignInPanel({
  identifierType,
  method,
  onMethodChange,
}: {
  identifierType: IdentifierType;
  method: Method;
  onMethodChange: (method: Method) => void;
}) {
  // An account has no phone or mailbox to send a code to: password only.
  if (identifierType === 'account') return <PasswordSignInForm identifierType="account" />;
  const name = `sign-in-method-${identifierType}`;
  // both forms are drawn, the other one hidden: the prerendered page switches between them by the
  // radio's name and value before React runs (@portal/shared/early-input-script)
  return (
    <>
      <MethodSwitch name={name} value={method} onChange={onMethodChange} />
      <div data-shown-when={`${name}:password`} hidden={method !== 'password'}>
        <PasswordSignInForm identifierType={identifierType} />
      </div>
      <div data-shown-when={`${name}:code`} hidden={method !== 'code'}>
        <CodeSignInForm identifierType={identifierType} />
      </div>
    </>
  );
}

/** The waiting product is written before this page opens and not while it shows. */
const unchanging = () => () => {};

export function LoginPage() {
  const { t } = useTranslation();
  const enterPortal = useEnterPortal();
  const [method, setMethod] = useState<Method>('password');
  // Someone who is still signed in goes on to their product or home rather than seeing the form.
  const [entering, setEntering] = useState(() => Boolean(readToken()));
  const started = useRef(false);
  // An expired token is told by the api client (toast, cookie removed); the form shows instead.
  const entry = useMutation({ mutationFn: () => enterPortal(), onError: () => setEntering(false) });
  const enter = entry.mutate;
  const branding = useBranding();
  const companyPlatform = companyDomainLabel() ? branding?.platformName : undefined;
  // a product's sign-in that waits is named; the prerendered page knows of none, so it shows once hydrated
  const product = useSyncExternalStore(
    unchanging,
    () => {
      const waiting = pendingProduct();
      return waiting ? productName(t, waiting) : null;
    },
    () => null,
  );

  useEffect(() => {
    if (started.current || !readToken()) return;
    started.current = true;
    enter();
  }, [enter]);

  return (
    <div className={styles.screen}>
      <aside className={styles.hero}>
        <BrandedMark />
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
            <BrandedMark />
          </span>
          <ScreenToolbar />
        </div>
        <section className={styles.card} aria-labelledby="login-heading">
          <h1 id="login-heading" className={styles.heading}>
            {t('web.login.heading')}
          </h1>
          <p className={styles.subheading}>
            {product
              ? t('web.login.productSubheading', { product })
              : companyPlatform
                ? t('web.login.companySubheading', { name: companyPlatform })
                : t('web.login.subheading')}
          </p>
          {entering ? (
            <div className={styles.entering} role="status">
              <Spinner />
              <span>{t('web.login.entering')}</span>
            </div>
          ) : (
            <IdentifierTabs
              label={t('web.login.methods')}
              items={IDENTIFIER_TYPES.map((type) => ({
                key: type,
                label: t(TAB_LABELS[type]),
                children: <SignInPanel identifierType={type} method={method} onMethodChange={setMethod} />,
              }))}
            />
          )}
          {entering ? null : <PasskeySignInButton />}
        </section>
      </main>
    </div>
  );
}
