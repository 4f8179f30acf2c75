import { Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_CLAIM_MINUTES, type DeviceClaim } from '@portal/shared/api/devices';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { ProductCode } from '@portal/shared/products';
import { FormModal } from '../../../components/form-modal';
import { formatDate } from '../../../lib/format-date';
import { ShownOnceModal } from '../shown-once-modal';
import { useClaimDevice } from './devices-api';

interface Values {
  serial: string;
  claimCode: string;
  productCode: ProductCode;
}

/**
 * Claims a gateway into the site: its serial as printed on it, the one-time code it shows, and which
 * of the site's products its tokens are for. The claim credential the server answers is shown once,
 * with until when the gateway may exchange it; the server keeps only its hash.
 */
export function ClaimDeviceModal({
  open,
  siteId,
  products,
  onClose,
}: {
  open: boolean;
  siteId: string;
  /** The site's products: the gateway's tokens are for one of them. */
  products: readonly ProductCode[];
  onClose(): void;
}) {
  const { t } = useTranslation();
  const claim = useClaimDevice(siteId);
  const [claimed, setClaimed] = useState<DeviceClaim | null>(null);

  return (
    <>
      <FormModal<Values>
        title={t('sites.devices.claimTitle')}
        name="claim-device"
        okText={t('sites.devices.claimSubmit')}
        open={open}
        busy={claim.isPending}
        initialValues={{ productCode: products.length === 1 ? products[0] : undefined }}
        onClose={onClose}
        onSubmit={(values, underFields) =>
          claim.mutate(
            {
              body: {
                siteId,
                serial: values.serial.trim(),
                claimCode: values.claimCode,
                productCode: values.productCode,
              },
              options: { onError: underFields({ [ErrorCode.DeviceSerialClaimed]: 'serial' }) },
            },
            {
              onSuccess: (answer) => {
                onClose();
                setClaimed(answer);
              },
            },
          )
        }
      >
        <Form.Item
          name="serial"
          label={t('sites.devices.serial')}
          extra={t('sites.devices.serialHint')}
          rules={[{ required: true, whitespace: true, message: t('sites.devices.serialRequired') }]}
        >
          <Input maxLength={64} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Form.Item
          name="claimCode"
          label={t('sites.devices.claimCode')}
          extra={t('sites.devices.claimCodeHint')}
          rules={[{ required: true, whitespace: true, message: t('sites.devices.claimCodeRequired') }]}
        >
          <Input maxLength={40} autoComplete="one-time-code" spellCheck={false} autoCapitalize="characters" />
        </Form.Item>
        <Form.Item
          name="productCode"
          label={t('sites.devices.product')}
          extra={t('sites.devices.productHint')}
          rules={[{ required: true, message: t('sites.devices.productRequired') }]}
        >
          <Select options={products.map((code) => ({ value: code, label: t(`products.${code}.name`) }))} />
        </Form.Item>
      </FormModal>
      <ShownOnceModal
        title={t('sites.devices.claimedTitle', { serial: claimed?.serial ?? '' })}
        hint={t('sites.devices.claimedHint')}
        label={t('sites.devices.claimedLabel')}
        warning={t('sites.devices.claimedOnce')}
        value={claimed?.claim ?? null}
        onClose={() => setClaimed(null)}
      >
        {claimed ? (
          <p>
            {t('sites.devices.claimedUntil', {
              count: DEVICE_CLAIM_MINUTES,
              time: formatDate(claimed.expiresAt),
            })}
          </p>
        ) : null}
      </ShownOnceModal>
    </>
  );
}
