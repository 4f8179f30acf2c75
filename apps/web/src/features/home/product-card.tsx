import { ArrowRightOutlined } from '@ant-design/icons';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PortalProduct } from '@portal/shared/api/portal';
import { isProductCode, productUrl } from '@portal/shared/products';
import { Card } from '../../components/card';
import { ProductIcon } from '../../components/product-icon';
import styles from './product-card.module.css';

/** A product the company has rights to; a plain link, since a product is a separate app on the origin. */
export function ProductCard({ product }: { product: PortalProduct }) {
  const { t } = useTranslation();
  const descriptionId = useId();
  const code = product.productCode;
  // A product the web app does not know yet shows the server's name and no description.
  const name = isProductCode(code) ? t(`products.${code}.name`) : product.name;
  const description = isProductCode(code) ? t(`products.${code}.description`) : '';

  // One link, on the name, stretched over the card: the whole card opens the product, and the
  // link's name is exactly the words it shows (its description is its description).
  return (
    <Card as="div" className={styles.card} data-testid="product-card">
      <span className={styles.cardIcon} aria-hidden="true">
        <ProductIcon code={product.productCode} />
      </span>
      <span className={styles.cardBody}>
        <a
          href={productUrl(product.entryPath, product.id)}
          className={styles.cardName}
          aria-describedby={description ? descriptionId : undefined}
        >
          {name}
        </a>
        {description ? (
          <span id={descriptionId} className={styles.cardDescription}>
            {description}
          </span>
        ) : null}
      </span>
      <span className={styles.cardOpen} aria-hidden="true">
        {t('web.home.open')} <ArrowRightOutlined />
      </span>
    </Card>
  );
}
