import { Checkbox, Form, Input, InputNumber, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SITE_KINDS,
  SITE_NAME_MAX,
  SITE_REGION_MAX,
  type Site,
  type SiteKind,
  isSiteTimeZone,
} from '@portal/shared/api/sites';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { ProductCode } from '@portal/shared/products';
import { useFeedback } from '../../../components/feedback';
import { FormModal } from '../../../components/form-modal';
import type { FieldErrors } from '../../../lib/field-errors';
import { useCreateSite, useUpdateSite } from './sites-api';
import styles from './sites.module.css';

interface Values {
  name: string;
  kind: SiteKind;
  region: string;
  timeZone: string;
  ratedPowerKw?: number | null;
  ratedEnergyKwh?: number | null;
  productCodes: ProductCode[];
}

/** The reader's own zone, which a new site most often shares. */
function ownTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isSiteTimeZone(zone) ? zone : 'UTC';
}

/**
 * Registers a site or edits one: its name, kind, region and time zone, the rated power and energy where
 * they apply (empty otherwise), and which of the company's products it is on.
 */
export function SiteFormModal({
  open,
  site,
  products,
  onClose,
}: {
  open: boolean;
  /** The site edited; null to register one. */
  site: Site | null;
  /** The company's products a site may be on. */
  products: ProductCode[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const create = useCreateSite();
  const update = useUpdateSite();
  const zones = useMemo(
    () =>
      ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')].map((zone) => ({
        value: zone,
        label: zone,
      })),
    [],
  );

  function submit(values: Values, underFields: FieldErrors<keyof Values>) {
    const body = {
      ...values,
      name: values.name.trim(),
      region: values.region.trim(),
      ratedPowerKw: values.ratedPowerKw ?? null,
      ratedEnergyKwh: values.ratedEnergyKwh ?? null,
    };
    const options = {
      onError: underFields({
        [ErrorCode.SiteNameTaken]: 'name',
        [ErrorCode.SiteProductNotHeld]: 'productCodes',
      }),
    };
    const done = (text: string) => () => {
      message.success(text);
      onClose();
    };
    if (site) {
      update.mutate({ body: { siteId: site.siteId, ...body }, options }, { onSuccess: done(t('sites.form.saved')) });
    } else {
      create.mutate({ body, options }, { onSuccess: done(t('sites.form.created')) });
    }
  }

  return (
    <FormModal<Values>
      title={t(site ? 'sites.form.editTitle' : 'sites.form.createTitle')}
      name="site-form"
      okText={t(site ? 'sites.form.editSubmit' : 'sites.form.createSubmit')}
      open={open}
      busy={create.isPending || update.isPending}
      initialValues={
        site
          ? {
              name: site.name,
              kind: site.kind,
              region: site.region,
              timeZone: site.timeZone,
              ratedPowerKw: site.ratedPowerKw,
              ratedEnergyKwh: site.ratedEnergyKwh,
              productCodes: site.productCodes,
            }
          : { kind: 'pv', timeZone: ownTimeZone(), productCodes: products.length === 1 ? products : [] }
      }
      onClose={onClose}
      onSubmit={submit}
    >
      <Form.Item
        name="name"
        label={t('sites.form.name')}
        rules={[{ required: true, whitespace: true, message: t('validation.siteNameRequired') }]}
      >
        <Input maxLength={SITE_NAME_MAX} autoComplete="off" />
      </Form.Item>
      <Form.Item name="kind" label={t('sites.form.kind')} rules={[{ required: true }]}>
        <Select options={SITE_KINDS.map((kind) => ({ value: kind, label: t(`sites.kinds.${kind}`) }))} />
      </Form.Item>
      <Form.Item
        name="region"
        label={t('sites.form.region')}
        extra={t('sites.form.regionHint')}
        rules={[{ required: true, whitespace: true, message: t('validation.siteRegionRequired') }]}
      >
        <Input maxLength={SITE_REGION_MAX} autoComplete="off" />
      </Form.Item>
      <Form.Item name="timeZone" label={t('sites.form.timeZone')} rules={[{ required: true }]}>
        <Select showSearch options={zones} />
      </Form.Item>
      <div className={styles.ratings}>
        <Form.Item name="ratedPowerKw" label={t('sites.form.ratedPower')} extra={t('sites.form.ratingHint')}>
          <InputNumber min={0.001} max={1e9} suffix="kW" className={styles.number} />
        </Form.Item>
        <Form.Item name="ratedEnergyKwh" label={t('sites.form.ratedEnergy')} extra={t('sites.form.ratingHint')}>
          <InputNumber min={0.001} max={1e9} suffix="kWh" className={styles.number} />
        </Form.Item>
      </div>
      <Form.Item
        name="productCodes"
        label={t('sites.form.products')}
        rules={[{ type: 'array', min: 1, required: true, message: t('sites.form.productsRequired') }]}
      >
        <Checkbox.Group className={styles.products}>
          {products.map((code) => (
            <Checkbox key={code} value={code}>
              {t(`products.${code}.name`)}
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Form.Item>
    </FormModal>
  );
}
