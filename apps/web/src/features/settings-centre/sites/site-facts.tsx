import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Site } from '@portal/shared/api/sites';
import { currentLanguage } from '../../../lib/i18n';
import tabStyles from '../settings-tab.module.css';
import styles from './sites.module.css';

/** A rating with its unit, which no language translates. */
export function rating(value: number | null, unit: 'kW' | 'kWh'): string | null {
  return value === null ? null : `${new Intl.NumberFormat(currentLanguage()).format(value)} ${unit}`;
}

/** What a site is: its kind, where it stands and its zone, its ratings, and the products it is on. */
export function SiteFacts({
  site,
}: {
  site: Pick<Site, 'kind' | 'region' | 'timeZone' | 'ratedPowerKw' | 'ratedEnergyKwh' | 'productCodes'>;
}) {
  const { t } = useTranslation();
  const ratings = [rating(site.ratedPowerKw, 'kW'), rating(site.ratedEnergyKwh, 'kWh')].filter(Boolean).join(' · ');
  return (
    <>
      <p className={tabStyles.muted}>
        {[t(`sites.kinds.${site.kind}`), site.region, site.timeZone, ratings].filter(Boolean).join(' · ')}
      </p>
      <div className={styles.tags} aria-label={t('sites.list.products')}>
        {site.productCodes.map((code) => (
          <Tag key={code} variant="filled">
            {t(`products.${code}.name`)}
          </Tag>
        ))}
      </div>
    </>
  );
}
