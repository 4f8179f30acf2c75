import { ArrowRightOutlined } from '@ant-design/icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalSite } from '@portal/shared/api/sites';
import { isProductCode, productUrl } from '@portal/shared/products';
import { Card } from '../../components/card';
import { ProductIcon } from '../../components/product-icon';
import { formatDate } from '../../lib/format-date';
import styles from './product-card.module.css';

/**
 * A site the person may act on in a product, as "product · site · until": one link, on the site's
 * name, that opens the product straight on the site (`?productId=&siteId=`).
 */
export function SiteCard({ site }: { site: PortalSite }) {
  const { t } = useTranslation();
  const termsId = useId();
  const code = site.productCode;
  const product = isProductCode(code) ? t(`products.${code}.name`) : code;
  const until =
    site.until === null ? t('web.home.siteOpen') : t('web.home.siteUntil', { date: formatDate(site.until) });

  return (
    <Card as="div" className={styles.card} data-testid="site-card">
      <span className={styles.cardIcon} aria-hidden="true">
        <ProductIcon code={code} />
      </span>
      <span className={styles.cardBody}>
        <a
          href={productUrl(site.entryPath, site.productId, site.siteId)}
          className={styles.cardName}
          aria-describedby={termsId}
        >
          {site.siteName}
        </a>
        <span id={termsId} className={styles.cardDescription}>
          {[product, t(`sites.templates.${site.template}`), until].join(' · ')}
        </span>
      </span>
      <span className={styles.cardOpen} aria-hidden="true">
        {t('web.home.open')} <ArrowRightOutlined />
      </span>
    </Card>
  );
}
