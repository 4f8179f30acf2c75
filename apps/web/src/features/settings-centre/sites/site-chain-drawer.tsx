import { FieldTimeOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Grid, QRCode, Skeleton, Tag } from 'antd';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Site, SiteGrant } from '@portal/shared/api/sites';
import { CONFIRM_WIDTH } from '@portal/shared/constants';
import { useFeedback } from '../../../components/feedback';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format-date';
import tabStyles from '../settings-tab.module.css';
import { untilSettled } from '../until-settled';
import { GrantEndModal } from './grant-end-modal';
import { GrantStatus } from './grant-status';
import { SiteDevices } from './site-devices';
import { SiteFacts } from './site-facts';
import { siteDetailQuery, useRevokeGrant } from './sites-api';
import styles from './sites.module.css';

/** From and until, in the reader's words: an open grant has no end. */
export function useGrantPeriod() {
  const { t } = useTranslation();
  return (grant: Pick<SiteGrant, 'startsAt' | 'endsAt'>) =>
    grant.endsAt
      ? t('sites.chain.period', { from: formatDate(grant.startsAt), until: formatDate(grant.endsAt) })
      : t('sites.chain.periodOpen', { from: formatDate(grant.startsAt) });
}

/**
 * A site and the whole chain of its grants, parents before the grants made from them, each indented
 * under the one it came from: who holds what, through whom, from and until when, and where it stands.
 * The owner revokes any link still in force, and every grant made from it ends with it, and gives the
 * grants it made itself a new end. Below the chain, the gateways claimed into the site.
 */
export function SiteChainDrawer({ site, onClose }: { site: Site | null; onClose(): void }) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().sm === false;
  return (
    <Drawer
      open={site !== null}
      onClose={onClose}
      placement="right"
      size={phone ? '100%' : 640}
      title={site ? t('sites.chain.title', { name: site.name }) : ''}
      destroyOnHidden
    >
      {site ? <Chain site={site} /> : null}
    </Drawer>
  );
}

function Chain({ site }: { site: Site }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const detail = useQuery(siteDetailQuery(site.siteId));
  const revoke = useRevokeGrant();
  const period = useGrantPeriod();
  const grants = detail.data?.grants;
  const [ending, setEnding] = useState<SiteGrant | null>(null);

  function confirmRevoke(grant: SiteGrant) {
    modal.confirm({
      title: t('sites.chain.revokeTitle', { company: grant.grantee.name }),
      content: t('sites.chain.revokeContent'),
      okText: t('sites.chain.revokeOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      width: CONFIRM_WIDTH,
      onOk: () =>
        untilSettled(revoke, { body: { grantId: grant.grantId } }, ({ ended }) =>
          message.success(t('sites.chain.revoked', { count: ended.length })),
        ),
    });
  }

  return (
    <div className={styles.chain}>
      <SiteFacts site={detail.data?.site ?? site} />
      {site.retiredAt ? null : <RequestLink siteId={site.siteId} />}
      <h3 className={styles.chainHeading}>{t('sites.chain.grants', { count: grants?.length ?? 0 })}</h3>
      {!grants ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {grants?.length === 0 ? <Empty description={t('sites.chain.empty')} /> : null}
      <ol className={styles.links}>
        {grants?.map((grant) => (
          <li
            key={grant.grantId}
            className={styles.link}
            // each share-on one step further in, so the chain reads as a tree; a phone's step is narrower
            style={{ '--depth': grant.depth - 1 } as CSSProperties}
            aria-label={t('sites.chain.linkLabel', { from: grant.grantor.name, to: grant.grantee.name })}
          >
            <div className={styles.cardHead}>
              <div className={styles.cardName}>
                <p className={styles.strong}>{grant.grantee.name}</p>
                <p className={tabStyles.muted}>{grant.grantee.domain}</p>
              </div>
              <GrantStatus status={grant.status} />
            </div>
            <p className={styles.line}>
              {grant.parentGrantId === null
                ? t('sites.chain.fromOwner', { company: grant.grantor.name })
                : t('sites.chain.through', { company: grant.grantor.name })}
            </p>
            <div className={styles.tags}>
              <Tag variant="filled">{t(`sites.templates.${grant.template}`)}</Tag>
              {grant.mayShare ? <Tag variant="filled">{t('sites.chain.mayShare')}</Tag> : null}
            </div>
            <p className={tabStyles.muted}>{period(grant)}</p>
            {grant.revokedAt ? (
              <p className={tabStyles.muted}>{t('sites.chain.revokedAt', { time: formatDate(grant.revokedAt) })}</p>
            ) : (
              <div className={styles.actions}>
                {/* the owner made the first links; the grants below are their makers' to change */}
                {grant.parentGrantId === null && (grant.status === 'active' || grant.status === 'pending') ? (
                  <Button
                    className={styles.linkAction}
                    icon={<FieldTimeOutlined aria-hidden="true" />}
                    aria-label={t('sites.chain.changeEndLabel', { company: grant.grantee.name })}
                    onClick={() => setEnding(grant)}
                  >
                    {t('sites.chain.changeEnd')}
                  </Button>
                ) : null}
                <Button
                  className={styles.linkAction}
                  icon={<StopOutlined aria-hidden="true" />}
                  aria-label={t('sites.chain.revokeLabel', { company: grant.grantee.name })}
                  onClick={() => confirmRevoke(grant)}
                >
                  {t('sites.chain.revoke')}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ol>
      <SiteDevices
        site={{
          siteId: site.siteId,
          name: site.name,
          productCodes: (detail.data?.site ?? site).productCodes,
          retired: site.retiredAt !== null,
        }}
      />
      <GrantEndModal grant={ending} onClose={() => setEnding(null)} />
    </div>
  );
}

/**
 * Where others ask for the site: the link, and the same link as a QR code to print and put up at the
 * site, drawn black on white in either theme, as a phone's camera reads it best.
 */
function RequestLink({ siteId }: { siteId: string }) {
  const { t } = useTranslation();
  const link = `${window.location.origin}${paths.siteAccess}?site=${siteId}`;
  return (
    <figure className={styles.requestLink}>
      <p>
        {t('sites.requests.linkHint')} <code>{link}</code>
      </p>
      <QRCode value={link} type="svg" size={144} color="#000000" bgColor="#ffffff" role="img" aria-label={link} />
      <figcaption className={tabStyles.muted}>{t('sites.requests.qrHint')}</figcaption>
    </figure>
  );
}
