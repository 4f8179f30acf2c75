import { ArrowRightOutlined } from '@ant-design/icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalProduct } from '@portal/shared/api/portal';
import { isProductCode, productUrl } from '@portal/shared/products';
import { ProductIcon } from './product-icon';
import styles from './product-card.module.css';

/** A product the company has rights to; a plain link, since a product is a separate app on the origin. */
export function ProductCard({ product }: { product: PortalProduct }) {
  const { t } = useTranslation();
  const nameId = useId();
  const descriptionId = useId();
  const code = product.productCode;
  // A product the web app does not know yet shows the server's name and no description.
  const name = isProductCode(code) ? t(`products.${code}.name`) : product.name;
  const description = isProductCode(code) ? t(`products.${code}.description`) : '';

  return (
    <a
      href={productUrl(product.entryPath, product.id)}
      className={styles.card}
      data-testid="product-card"
      aria-labelledby={nameId}
      aria-describedby={description ? descriptionId : undefined}
    >
      <span className={styles.cardIcon} aria-hidden="true">
        <ProductIcon code={product.productCode} />
      </span>
      <span className={styles.cardBody}>
        <span id={nameId} className={styles.cardName}>
          {name}
        </span>
        {description ? (
          <span id={descriptionId} className={styles.cardDescription}>
            {description}
          </span>
        ) : null}
      </span>
      <span className={styles.cardOpen} aria-hidden="true">
        {t('web.home.open')} <ArrowRightOutlined />
      </span>
    </a>
  );
}
