import {
  CheckCircleOutlined,
  DisconnectOutlined,
  PauseCircleOutlined,
  PlusOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Grid, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteDevice, SiteDeviceState } from '@portal/shared/api/devices';
import { CONFIRM_WIDTH } from '@portal/shared/constants';
import type { ProductCode } from '@portal/shared/products';
import { AccentTag } from '../../../components/accent-tag';
import { useFeedback } from '../../../components/feedback';
import { formatDate, formatRelative } from '../../../lib/format-date';
import tabStyles from '../settings-tab.module.css';
import { untilSettled } from '../until-settled';
import { ClaimDeviceModal } from './claim-device-modal';
import { siteDevicesQuery, useUnclaimDevice } from './devices-api';
import styles from './sites.module.css';

const STATE_ICONS: Record<SiteDeviceState, ReactNode> = {
  claimed: <CheckCircleOutlined aria-hidden="true" />,
  stopped: <PauseCircleOutlined aria-hidden="true" />,
  revoked: <StopOutlined aria-hidden="true" />,
};

/** The site a devices section is for: its id and name, its products, and whether it is retired. */
export interface DevicesSite {
  siteId: string;
  name: string;
  productCodes: readonly ProductCode[];
  retired: boolean;
}

/**
 * A site's gateways (docs/site-grants.md#gateways): each one's serial and product, where it stands
 * (claimed; stopped, with why, when its grant ended or its site changed without an un-claim; revoked),
 * which company's person claimed it and when it last had a token; claiming one, and un-claiming one.
 */
export function SiteDevices({ site }: { site: DevicesSite }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const devices = useQuery(siteDevicesQuery(site.siteId));
  const unclaim = useUnclaimDevice(site.siteId);
  const [claiming, setClaiming] = useState(false);
  const items = devices.data?.items;

  function confirmUnclaim(device: SiteDevice) {
    modal.confirm({
      title: t('sites.devices.unclaimTitle', { serial: device.serial }),
      content: t('sites.devices.unclaimContent'),
      okText: t('sites.devices.unclaimOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      width: CONFIRM_WIDTH,
      onOk: () =>
        untilSettled(unclaim, { body: { siteId: site.siteId, deviceId: device.deviceId } }, () =>
          message.success(t('sites.devices.unclaimed', { serial: device.serial })),
        ),
    });
  }

  return (
    <section className={styles.chain} aria-labelledby={`devices-${site.siteId}`}>
      <div className={styles.cardHead}>
        <h3 id={`devices-${site.siteId}`} className={styles.chainHeading}>
          {t('sites.devices.title', { count: items?.length ?? 0 })}
        </h3>
        {site.retired ? null : (
          <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setClaiming(true)}>
            {t('sites.devices.claim')}
          </Button>
        )}
      </div>
      <p className={tabStyles.muted}>{t('sites.devices.hint')}</p>
      {!items ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {items?.length === 0 ? <Empty description={t('sites.devices.empty')} /> : null}
      <ul className={styles.links}>
        {items?.map((device) => (
          <li key={device.deviceId} className={styles.link} aria-label={device.serial}>
            <div className={styles.cardHead}>
              <div className={styles.cardName}>
                <p className={styles.strong}>{device.serial}</p>
                <p className={tabStyles.muted}>{t(`products.${device.productCode as ProductCode}.name`)}</p>
              </div>
              <AccentTag accent={device.state === 'claimed'} icon={STATE_ICONS[device.state]}>
                {t(`sites.devices.states.${device.state}`)}
              </AccentTag>
            </div>
            {device.stoppedBecause ? (
              <p className={styles.line}>{t(`sites.devices.stoppedBecause.${device.stoppedBecause}`)}</p>
            ) : null}
            <p className={styles.line}>
              {t(device.viaGrantId ? 'sites.devices.claimedByGrant' : 'sites.devices.claimedBy', {
                name: device.claimedBy ?? t('sites.devices.someone'),
                time: formatDate(device.createdAt),
              })}
            </p>
            <p className={tabStyles.muted}>
              {device.lastUsedAt ? (
                <time dateTime={device.lastUsedAt} title={formatDate(device.lastUsedAt)}>
                  {t('sites.devices.lastUsed', { time: formatRelative(device.lastUsedAt) })}
                </time>
              ) : (
                t(device.exchanged ? 'sites.devices.neverUsed' : 'sites.devices.notExchanged')
              )}
            </p>
            {device.revokedAt ? (
              <p className={tabStyles.muted}>
                {t('sites.devices.revokedAt', { time: formatDate(device.revokedAt) })}
                {device.revokedBecause ? ` · ${t(`sites.devices.revokedBecause.${device.revokedBecause}`)}` : null}
              </p>
            ) : (
              <div className={styles.actions}>
                <Button
                  className={styles.linkAction}
                  icon={<DisconnectOutlined aria-hidden="true" />}
                  aria-label={t('sites.devices.unclaimLabel', { serial: device.serial })}
                  onClick={() => confirmUnclaim(device)}
                >
                  {t('sites.devices.unclaim')}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <ClaimDeviceModal
        open={claiming}
        siteId={site.siteId}
        products={site.productCodes}
        onClose={() => setClaiming(false)}
      />
    </section>
  );
}

/** The devices section on its own, for a company that holds the site with `configure`. */
export function SiteDevicesDrawer({ site, onClose }: { site: DevicesSite | null; onClose(): void }) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().sm === false;
  return (
    <Drawer
      open={site !== null}
      onClose={onClose}
      placement="right"
      size={phone ? '100%' : 640}
      title={site ? t('sites.devices.drawerTitle', { name: site.name }) : ''}
      destroyOnHidden
    >
      {site ? <SiteDevices site={site} /> : null}
    </Drawer>
  );
}
