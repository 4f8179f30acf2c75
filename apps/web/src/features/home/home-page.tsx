import { Empty, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { selectCurrentEnterprise, useSession } from '../../stores/session-store';
import { ProductCard } from './product-card';
import styles from './home-page.module.css';

export function HomePage() {
  const { t } = useTranslation();
  const userInfo = useSession((s) => s.userInfo);
  const enterprises = useSession((s) => s.enterprises);
  const current = useSession(selectCurrentEnterprise);
  const products = current?.productList ?? [];

  return (
    <div className={styles.page}>
      <header className={styles.intro}>
        <h1 className={styles.title}>{t('web.home.greeting', { name: userInfo?.nickname ?? '' })}</h1>
        {current ? (
          <p className={styles.subtitle}>
            <Tag color={current.role === 'admin' ? 'cyan' : 'default'}>
              {current.role === 'admin' ? t('web.layout.roleAdmin') : t('web.layout.roleMember')}
            </Tag>
            {t('web.home.subtitle', { company: current.enterpriseName })}
          </p>
        ) : null}
      </header>
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
        <Empty className={styles.empty} description={t('web.home.noProducts')} />
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
