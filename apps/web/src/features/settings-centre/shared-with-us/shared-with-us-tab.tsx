import { ApiOutlined, LogoutOutlined, SearchOutlined, ShareAltOutlined, TeamOutlined } from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Empty, Grid, Input, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SITE_ROLE_TEMPLATES, type SharedWithUsItem, type SiteCapability } from '@portal/shared/api/sites';
import { CONFIRM_WIDTH } from '@portal/shared/constants';
import { useFeedback } from '../../../components/feedback';
import type { Departments } from '../departments/use-departments';
import tabStyles from '../settings-tab.module.css';
import { GrantStatus, isLive } from '../sites/grant-status';
import { GrantTermsModal } from '../sites/grant-terms-modal';
import { useGrantPeriod } from '../sites/site-chain-drawer';
import { type DevicesSite, SiteDevicesDrawer } from '../sites/site-devices';
import { SiteFacts } from '../sites/site-facts';
import styles from '../sites/sites.module.css';
import { untilSettled } from '../until-settled';
import { AssignDrawer } from './assign-drawer';
import { sharedWithUsQuery, useLeaveGrant, useShareOn } from './shared-with-us-api';

/** Whether a grant's template lets its holder claim gateways into the site. */
const configures = (template: SharedWithUsItem['grant']['template']) =>
  (SITE_ROLE_TEMPLATES[template] as readonly SiteCapability[]).includes('configure');

/**
 * The settings centre's "Shared with us" tab: the grants other companies made to this one, newest
 * first, each with its site as the owner describes it, who shared it and until when; giving a grant
 * to the company's people or departments, sharing it on where the grant allows, its gateways where the
 * grant may configure the site, and leaving it.
 */
export function SharedWithUsTab({ departments }: { departments: Departments }) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().sm === false;
  const { message, modal } = useFeedback();
  const [keyword, setKeyword] = useState('');
  const shared = useInfiniteQuery(sharedWithUsQuery(keyword));
  const leave = useLeaveGrant();
  const shareOn = useShareOn();
  const period = useGrantPeriod();
  const [assigning, setAssigning] = useState<SharedWithUsItem | null>(null);
  const [sharing, setSharing] = useState<SharedWithUsItem | null>(null);
  const [devicesOf, setDevicesOf] = useState<DevicesSite | null>(null);
  const items = shared.data?.pages.flatMap((page) => page.items);

  function confirmLeave({ grant, site }: SharedWithUsItem) {
    modal.confirm({
      title: t('sites.shared.leaveTitle', { name: site.name }),
      content: t('sites.shared.leaveContent'),
      okText: t('sites.shared.leaveOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      width: CONFIRM_WIDTH,
      onOk: () =>
        untilSettled(leave, { body: { grantId: grant.grantId } }, () => message.success(t('sites.shared.left'))),
    });
  }

  return (
    <section aria-label={t('sites.sharedTab')}>
      <p className={tabStyles.hint}>{t('sites.shared.hint')}</p>
      <div className={`${tabStyles.toolbar} ${styles.toolbar}`}>
        <Input.Search
          className={tabStyles.search}
          allowClear
          placeholder={t('sites.shared.searchPlaceholder')}
          aria-label={t('sites.shared.searchLabel')}
          enterButton={
            phone ? (
              <Button aria-label={t('sites.list.search')} icon={<SearchOutlined aria-hidden="true" />} />
            ) : (
              t('sites.list.search')
            )
          }
          onSearch={(word) => setKeyword(word.trim())}
        />
      </div>
      {!items ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {items?.length === 0 ? <Empty description={t(keyword ? 'sites.list.noMatch' : 'sites.shared.empty')} /> : null}
      <ul className={styles.cards}>
        {items?.map((item) => {
          const { grant, site, owner } = item;
          const live = isLive(grant.status);
          return (
            <li key={grant.grantId} className={styles.card} aria-label={site.name}>
              <div className={styles.cardHead}>
                <div className={styles.cardName}>
                  <p className={styles.strong}>{site.name}</p>
                  <SiteFacts site={site} />
                </div>
                <GrantStatus status={grant.status} />
              </div>
              <p className={styles.line}>
                {grant.grantor.domain === owner.domain
                  ? t('sites.shared.byOwner', { company: owner.name })
                  : t('sites.shared.byPartner', { company: grant.grantor.name, owner: owner.name })}
              </p>
              <div className={styles.tags}>
                <Tag variant="filled">{t(`sites.templates.${grant.template}`)}</Tag>
                {grant.mayShare ? <Tag variant="filled">{t('sites.chain.mayShare')}</Tag> : null}
              </div>
              <p className={tabStyles.muted}>{period(grant)}</p>
              {live ? (
                <div className={styles.actions}>
                  <Button
                    icon={<TeamOutlined aria-hidden="true" />}
                    aria-label={t('sites.shared.assignLabel', { name: site.name })}
                    onClick={() => setAssigning(item)}
                  >
                    {t('sites.shared.assign')}
                  </Button>
                  {/* the server asks the templates above it too, and refuses where one lacks it */}
                  {grant.status === 'active' && configures(grant.template) ? (
                    <Button
                      icon={<ApiOutlined aria-hidden="true" />}
                      aria-label={t('sites.devices.openLabel', { name: site.name })}
                      onClick={() =>
                        setDevicesOf({
                          siteId: site.siteId,
                          name: site.name,
                          productCodes: site.productCodes,
                          retired: false,
                        })
                      }
                    >
                      {t('sites.devices.open')}
                    </Button>
                  ) : null}
                  {grant.mayShare ? (
                    <Button
                      icon={<ShareAltOutlined aria-hidden="true" />}
                      aria-label={t('sites.shared.shareOnLabel', { name: site.name })}
                      onClick={() => setSharing(item)}
                    >
                      {t('sites.shared.shareOn')}
                    </Button>
                  ) : null}
                  <Button
                    icon={<LogoutOutlined aria-hidden="true" />}
                    aria-label={t('sites.shared.leaveLabel', { name: site.name })}
                    onClick={() => confirmLeave(item)}
                  >
                    {t('sites.shared.leave')}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {shared.hasNextPage ? (
        <div className={styles.more}>
          <Button type="link" loading={shared.isFetchingNextPage} onClick={() => void shared.fetchNextPage()}>
            {t('sites.list.loadMore')}
          </Button>
        </div>
      ) : null}
      <AssignDrawer
        target={
          assigning && {
            siteName: assigning.site.name,
            grantId: assigning.grant.grantId,
            template: assigning.grant.template,
            endsAt: assigning.grant.endsAt,
          }
        }
        departments={departments}
        onClose={() => setAssigning(null)}
      />
      <SiteDevicesDrawer site={devicesOf} onClose={() => setDevicesOf(null)} />
      <GrantTermsModal
        open={sharing !== null}
        title={sharing ? t('sites.shared.shareOnTitle', { name: sharing.site.name }) : ''}
        okText={t('sites.share.submit')}
        busy={shareOn.isPending}
        limit={sharing?.grant ?? null}
        onClose={() => setSharing(null)}
        onSubmit={(terms, onError) =>
          sharing &&
          shareOn.mutate(
            { body: { grantIds: [sharing.grant.grantId], ...terms }, options: { onError } },
            {
              onSuccess: ({ grants }) => {
                message.success(t('sites.share.shared', { company: grants[0]?.grantee.name ?? terms.domain }));
                setSharing(null);
              },
            },
          )
        }
      />
    </section>
  );
}
