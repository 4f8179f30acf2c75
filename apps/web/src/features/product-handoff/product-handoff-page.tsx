import { HomeOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ProductCode } from '@portal/shared/products';
import { LinkButton } from '../../components/link-button';
import { MessageScreen } from '../../components/message-screen';
import { NotFoundScreen } from '../../components/not-found-screen';
import { PageLoading } from '../../components/page-loading';
import { ProductIcon } from '../../components/product-icon';
import { paths } from '../../config/paths';
import styles from './product-handoff-page.module.css';
import { useHandoffSession } from './use-handoff-session';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className={styles.detail}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * Where a product without a configured location opens (the server redirects to the real product
 * when PRODUCT_URLS names one): it shows that the product would receive the portal's session. An
 * id in the address that names no such product is the not-found screen, with its way home.
 */
export function ProductHandoffPage({ code }: { code: ProductCode }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const session = useHandoffSession(code, params.get('productId'));
  const product = t(`products.${code}.name`);
  const backHome = (
    <LinkButton to={paths.home} icon={<HomeOutlined aria-hidden="true" />}>
      {t('settings.handoff.backToHome')}
    </LinkButton>
  );

  if (session.status === 'loading') return <PageLoading />;
  if (session.status === 'unknown') return <NotFoundScreen />;
  if (session.status === 'failed') {
    return (
      <MessageScreen status="error" title={product} description={t('settings.handoff.failed')} actions={backHome} />
    );
  }

  const { user, enterprise, entitled } = session;
  const identity = user.account ?? user.phone ?? user.email;
  return (
    <MessageScreen
      icon={
        <span className={styles.icon} aria-hidden="true">
          <ProductIcon code={code} />
        </span>
      }
      title={product}
      description={
        <>
          <p>{entitled ? t('settings.handoff.signedIn', { product }) : t('settings.handoff.notEntitled')}</p>
          <dl className={styles.details}>
            <Detail term={t('settings.handoff.company')}>
              {enterprise ? enterprise.enterpriseName : t('settings.handoff.noCompany')}
            </Detail>
            <Detail term={t('settings.handoff.user')}>
              <span data-testid="handoff-user">{user.nickname}</span>
              {identity ? <span className={styles.identity}>{identity}</span> : null}
            </Detail>
          </dl>
          {entitled ? <p className={styles.notice}>{t('settings.handoff.notice')}</p> : null}
        </>
      }
      actions={backHome}
    />
  );
}
