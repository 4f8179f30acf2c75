import { queryOptions, useQuery } from '@tanstack/react-query';
import { Button, InputNumber, Select, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SITES_PAGE_SIZE_MAX } from '@portal/shared/api/sites';
import { SUPPORT_ACCESS_MAX_HOURS, SUPPORT_ACCESS_SITES_MAX } from '@portal/shared/api/support';
import { Card } from '../../../components/card';
import { useFeedback } from '../../../components/feedback';
import { settingsCalls } from '../../../lib/api-calls';
import { call } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { siteCalls } from '../../../lib/integration-calls';
import { useCallMutation } from '../../../lib/use-call-mutation';
import { settingsKeys } from '../settings-api';
import { siteKeys } from '../sites/sites-api';
import styles from './support-access.module.css';
import { SupportRequestsList } from './support-requests-list';

/**
 * The company's consent to the platform's support: a window of hours, granted with a fresh proof,
 * and ended early with one press; below, the support's requests to approve or refuse
 * (docs/support-access.md).
 */
const supportAccessKey = [...settingsKeys.all, 'support-access'] as const;

/** The company's window, for its administrators. */
const supportAccessQuery = () =>
  queryOptions({
    queryKey: supportAccessKey,
    queryFn: ({ signal }) => call(settingsCalls.supportAccess, undefined, { signal }),
  });

/** The company's live sites a window may be limited to: the first page of the sites' list, filtered
 *  on the screen by name. */
const supportSitesQuery = () =>
  queryOptions({
    queryKey: [...siteKeys.all, 'support-choice'] as const,
    queryFn: ({ signal }) => call(siteCalls.sites, { pageSize: SITES_PAGE_SIZE_MAX, status: 'live' }, { signal }),
  });

export function SupportAccessCard() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const { data } = useQuery(supportAccessQuery());
  const [hours, setHours] = useState(4);
  const [siteIds, setSiteIds] = useState<string[]>([]);
  const sites = useQuery({ ...supportSitesQuery(), enabled: data?.access === null });
  const grant = useCallMutation(settingsCalls.grantSupportAccess, {
    freshProof: true,
    invalidates: [supportAccessKey],
    onSuccess: () => message.success(t('web.support.granted')),
  });
  const revoke = useCallMutation(settingsCalls.revokeSupportAccess, {
    invalidates: [supportAccessKey],
    invalidatesOnFailure: true,
    onSuccess: () => message.success(t('web.support.revoked')),
  });

  return (
    <Card padding="md" aria-labelledby="support-access-title">
      <h2 id="support-access-title">{t('web.support.title')}</h2>
      <p className={styles.hint}>{t('web.support.hint')}</p>
      {!data ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : data.access ? (
        <div className={styles.row}>
          <p role="status">
            {t('web.support.open', { until: formatDate(data.access.endsAt) })}
            <br />
            {data.access.sites.length
              ? t('web.support.onlySites', { sites: data.access.sites.map((site) => site.name).join(', ') })
              : t('web.support.allSites')}
          </p>
          <Button
            danger
            className={styles.revoke}
            loading={revoke.isPending}
            onClick={() => revoke.mutate({ body: {} })}
          >
            {t('web.support.revoke')}
          </Button>
        </div>
      ) : (
        <div className={styles.row}>
          <label>
            {t('web.support.hours')}
            <br />
            <InputNumber
              id="support-access-hours"
              min={1}
              max={SUPPORT_ACCESS_MAX_HOURS}
              precision={0}
              value={hours}
              onChange={(value) => setHours(value ?? 1)}
            />
          </label>
          <label className={styles.sites}>
            {t('web.support.sites')}
            <br />
            <Select
              id="support-access-sites"
              mode="multiple"
              allowClear
              optionFilterProp="label"
              maxCount={SUPPORT_ACCESS_SITES_MAX}
              value={siteIds}
              onChange={setSiteIds}
              loading={sites.isFetching}
              options={(sites.data?.items ?? []).map((site) => ({ value: site.siteId, label: site.name }))}
            />
            {/* said beside the field rather than as its placeholder, whose colour is too faint to read */}
            {siteIds.length ? null : <span className={styles.hint}>{t('web.support.allSites')}</span>}
          </label>
          <Button
            type="primary"
            loading={grant.isPending}
            onClick={() => grant.mutate({ body: siteIds.length ? { hours, siteIds } : { hours } })}
          >
            {t('web.support.grant')}
          </Button>
        </div>
      )}
      {/* shown beside an open window too: approving one then is refused (1009290), as a second grant */}
      <SupportRequestsList windowKey={supportAccessKey} />
    </Card>
  );
}
