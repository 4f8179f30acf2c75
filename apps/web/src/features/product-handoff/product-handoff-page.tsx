import type { ProductCode } from '@portal/shared/products';
import { useTranslation } from 'react-i18next';
import { PendingScreen } from '../../components/pending-screen';

/** Where a product without a configured location opens: proves the shared session (issue: settings centre). */
export function ProductHandoffPage({ code }: { code: ProductCode }) {
  const { t } = useTranslation();
  return (
    <PendingScreen title={t(`products.${code}.name`)} description={t(`products.${code}.description`)} back="home" />
  );
}
