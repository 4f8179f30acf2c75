import { Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { AccentTag } from '../../components/accent-tag';
import { PageHeading } from '../../components/page-heading';
import { useCurrentEnterprise, usePortalEnterprises, useSessionUser } from '../../session/session-queries';
import { openableProducts } from '../../session/settings-access';
import styles from './home-page.module.css';
import { ProductCard } from './product-card';

export function HomePage() {
  const { t } = useTranslation();
  const userInfo = useSessionUser();
  const enterprises = usePortalEnterprises();
  const current = useCurrentEnterprise();
  const products = current ? openableProducts(current) : [];
  const admin = current?.role === 'admin';

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
        <section aria-label={t('web.home.productsLabel')}>
          <ul className={styles.grid}>
            {products.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
