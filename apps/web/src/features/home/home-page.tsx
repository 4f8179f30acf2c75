import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AccentTag } from '../../components/accent-tag';
import { PageHeading } from '../../components/page-heading';
import { paths } from '../../config/paths';
import { useCurrentEnterprise, usePortalEnterprises, useSessionUser } from '../../session/session-queries';
import { openableProducts } from '../../session/settings-access';
import { portalSitesQuery } from './home-api';
import styles from './home-page.module.css';
import { ProductCard } from './product-card';
import { SiteCard } from './site-card';
import { SupportLauncher } from './support-launcher';

export function HomePage() {
  const { t } = useTranslation();
  const sitesHeadingId = useId();
  const userInfo = useSessionUser();
  const enterprises = usePortalEnterprises();
  const current = useCurrentEnterprise();
  const products = current ? openableProducts(current) : [];
  const admin = current?.role === 'admin';
  const sites = useQuery({ ...portalSitesQuery(current?.enterpriseId ?? null), enabled: products.length > 0 }).data
    ?.sites;

  return (
    <div className={styles.page}>
      <PageHeading
        className={styles.intro}
        title={t('web.home.greeting', { name: userInfo?.nickname ?? '' })}
        subtitle={
          current ? (
            <span className={styles.subtitle}>
              <AccentTag accent={admin}>{admin ? t('web.layout.roleAdmin') : t('web.layout.roleMember')}</AccentTag>
              <span>
                {products.length > 0
                  ? t('web.home.subtitle', { company: current.enterpriseName })
                  : t('web.home.subtitleEmpty', { company: current.enterpriseName })}
              </span>
            </span>
          ) : undefined
        }
      />
      <SupportLauncher />
      {enterprises === null ? (
        <div className={styles.grid} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className={styles.skeleton}>
              <Skeleton active avatar paragraph={{ rows: 1 }} />
            </div>
          ))}
        </div>
      ) : !current ? (
        <Empty className={styles.empty} description={t('web.home.noCompany')} />
      ) : products.length === 0 ? (
        // An administrator is the one the others would ask: the platform operator grants products.
        <Empty
          className={styles.empty}
          description={admin ? t('web.home.noProductsAdmin') : t('web.home.noProducts')}
        />
      ) : (
        <>
          <section aria-label={t('web.home.productsLabel')}>
            <ul className={styles.grid}>
              {products.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} />
                </li>
              ))}
            </ul>
          </section>
          {sites?.length ? (
            <section className={styles.sites} aria-labelledby={sitesHeadingId}>
              <h2 id={sitesHeadingId} className={styles.sitesHeading}>
                {t('web.home.sitesLabel')}
              </h2>
              <ul className={styles.grid}>
                {sites.map((site) => (
                  <li key={`${site.productId} ${site.siteId}`}>
                    <SiteCard site={site} />
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
      {current ? (
        // a site of another company, asked of its owner for a while (docs/site-grants.md#requests-for-a-site)
        <p className={styles.askSite}>
          <Link to={paths.siteAccess}>{t('sites.access.openLink')}</Link>
        </p>
      ) : null}
    </div>
  );
}
