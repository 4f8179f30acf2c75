import {
  ApartmentOutlined,
  EditOutlined,
  PlusOutlined,
  SearchOutlined,
  ShareAltOutlined,
  StopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Empty, Grid, Input, Select, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Site, SitesQuery } from '@portal/shared/api/sites';
import { CONFIRM_WIDTH } from '@portal/shared/constants';
import type { ProductCode } from '@portal/shared/products';
import { useFeedback } from '../../../components/feedback';
import { formatDate } from '../../../lib/format-date';
import type { Departments } from '../departments/use-departments';
import tabStyles from '../settings-tab.module.css';
import { AssignDrawer } from '../shared-with-us/assign-drawer';
import { untilSettled } from '../until-settled';
import { AccessRequestCapControl } from './access-request-cap';
import { AccessRequestsPanel } from './access-requests-panel';
import { GrantTermsModal } from './grant-terms-modal';
import { SiteChainDrawer } from './site-chain-drawer';
import { SiteFacts } from './site-facts';
import { SiteFormModal } from './site-form-modal';
import { sitesQuery, useRetireSite, useShareSites } from './sites-api';
import styles from './sites.module.css';

type Status = SitesQuery['status'];
const STATUSES: Status[] = ['live', 'retired', 'all'];

/** The form is open to register a site (null) or to edit one. */
type Editing = { site: Site | null } | null;

/**
 * The settings centre's "Sites" tab, for the company that owns them: its sites, searched by name or
 * region and a page at a time ("show more" follows the server's cursor); registering, editing and
 * retiring one, sharing it with another company, and its chain of grants with a revoke of any link.
 * Cards rather than a table: a phone shows each whole, without a sideways scroll.
 */
export function SitesTab({ products, departments }: { products: ProductCode[]; departments: Departments }) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().sm === false;
  const { message, modal } = useFeedback();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<Status>('live');
  const sites = useInfiniteQuery(sitesQuery(keyword, status));
  const retire = useRetireSite();
  const share = useShareSites();
  const [editing, setEditing] = useState<Editing>(null);
  const [sharing, setSharing] = useState<Site | null>(null);
  const [chainOf, setChainOf] = useState<Site | null>(null);
  const [peopleOf, setPeopleOf] = useState<Site | null>(null);
  const items = sites.data?.pages.flatMap((page) => page.items);

  function confirmRetire(site: Site) {
    modal.confirm({
      title: t('sites.list.retireTitle', { name: site.name }),
      content: t('sites.list.retireContent'),
      okText: t('sites.list.retireOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      width: CONFIRM_WIDTH,
      onOk: () =>
        untilSettled(retire, { body: { siteId: site.siteId } }, () => message.success(t('sites.list.retired'))),
    });
  }

  return (
    <section aria-label={t('sites.tab')}>
      <AccessRequestsPanel />
      <AccessRequestCapControl />
      <p className={tabStyles.hint}>{t('sites.list.hint')}</p>
      <div className={`${tabStyles.toolbar} ${styles.toolbar}`}>
        <div className={styles.filters}>
          <Input.Search
            className={tabStyles.search}
            allowClear
            placeholder={t('sites.list.searchPlaceholder')}
            aria-label={t('sites.list.searchLabel')}
            enterButton={
              phone ? (
                <Button aria-label={t('sites.list.search')} icon={<SearchOutlined aria-hidden="true" />} />
              ) : (
                t('sites.list.search')
              )
            }
            onSearch={(word) => setKeyword(word.trim())}
          />
          <Select<Status>
            aria-label={t('sites.list.statusLabel')}
            value={status}
            onChange={setStatus}
            className={styles.status}
            options={STATUSES.map((value) => ({ value, label: t(`sites.list.status.${value}`) }))}
          />
        </div>
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setEditing({ site: null })}>
          {t('sites.list.create')}
        </Button>
      </div>
      {!items ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {items?.length === 0 ? <Empty description={t(keyword ? 'sites.list.noMatch' : 'sites.list.empty')} /> : null}
      <ul className={styles.cards}>
        {items?.map((site) => (
          <li key={site.siteId} className={styles.card} aria-label={site.name}>
            <div className={styles.cardHead}>
              <div className={styles.cardName}>
                <p className={styles.strong}>{site.name}</p>
                <SiteFacts site={site} />
              </div>
              {site.retiredAt ? (
                <Tag>{t('sites.list.retiredAt', { time: formatDate(site.retiredAt, 'date') })}</Tag>
              ) : null}
            </div>
            <div className={styles.actions}>
              <Button
                icon={<ApartmentOutlined aria-hidden="true" />}
                aria-label={t('sites.list.chainLabel', { name: site.name })}
                onClick={() => setChainOf(site)}
              >
                {t('sites.list.chain')}
              </Button>
              {site.retiredAt ? null : (
                <>
                  <Button
                    icon={<TeamOutlined aria-hidden="true" />}
                    aria-label={t('sites.list.peopleLabel', { name: site.name })}
                    onClick={() => setPeopleOf(site)}
                  >
                    {t('sites.list.people')}
                  </Button>
                  <Button
                    icon={<ShareAltOutlined aria-hidden="true" />}
                    aria-label={t('sites.list.shareLabel', { name: site.name })}
                    onClick={() => setSharing(site)}
                  >
                    {t('sites.list.share')}
                  </Button>
                  <Button
                    icon={<EditOutlined aria-hidden="true" />}
                    aria-label={t('sites.list.editLabel', { name: site.name })}
                    onClick={() => setEditing({ site })}
                  >
                    {t('sites.list.edit')}
                  </Button>
                  <Button
                    icon={<StopOutlined aria-hidden="true" />}
                    aria-label={t('sites.list.retireLabel', { name: site.name })}
                    onClick={() => confirmRetire(site)}
                  >
                    {t('sites.list.retire')}
                  </Button>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
      {sites.hasNextPage ? (
        <div className={styles.more}>
          <Button type="link" loading={sites.isFetchingNextPage} onClick={() => void sites.fetchNextPage()}>
            {t('sites.list.loadMore')}
          </Button>
        </div>
      ) : null}
      <SiteFormModal
        open={editing !== null}
        site={editing?.site ?? null}
        products={products}
        onClose={() => setEditing(null)}
      />
      <GrantTermsModal
        open={sharing !== null}
        title={sharing ? t('sites.share.title', { name: sharing.name }) : ''}
        okText={t('sites.share.submit')}
        busy={share.isPending}
        limit={null}
        onClose={() => setSharing(null)}
        onSubmit={(terms, onError) =>
          sharing &&
          share.mutate(
            { body: { siteIds: [sharing.siteId], ...terms }, options: { onError } },
            {
              onSuccess: ({ grants }) => {
                message.success(t('sites.share.shared', { company: grants[0]?.grantee.name ?? terms.domain }));
                setSharing(null);
              },
            },
          )
        }
      />
      <SiteChainDrawer site={chainOf} onClose={() => setChainOf(null)} />
      <AssignDrawer
        target={peopleOf && { siteName: peopleOf.name, siteId: peopleOf.siteId }}
        departments={departments}
        onClose={() => setPeopleOf(null)}
      />
    </section>
  );
}
