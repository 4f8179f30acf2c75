import { useQuery } from '@tanstack/react-query';
import { Badge, Button, InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportRequestView } from '@portal/shared/api/support';
import { useFeedback } from '../../../components/feedback';
import { settingsCalls } from '../../../lib/api-calls';
import { call } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format-date';
import { useCallMutation } from '../../../lib/use-call-mutation';
import { settingsKeys } from '../settings-api';
import styles from './support-access.module.css';

const supportRequestsKey = [...settingsKeys.all, 'support-requests'] as const;

/** The support's open requests to the company, each approved (for its hours or fewer, with a fresh
 *  proof) or refused; `windowKey` is the card's window, which an approval opens. */
export function SupportRequestsList({ windowKey }: { windowKey: readonly unknown[] }) {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: supportRequestsKey,
    queryFn: ({ signal }) => call(settingsCalls.supportRequests, undefined, { signal }),
  });
  const items = data?.items ?? [];
  if (!items.length) return null;
  return (
    <section aria-labelledby="support-requests-title" className={styles.requests}>
      <h3 id="support-requests-title">
        {t('web.support.requestsTitle')}{' '}
        <Badge count={items.length} aria-label={t('web.support.requestsCount', { count: items.length })} />
      </h3>
      <ul className={styles.list}>
        {items.map((item) => (
          <RequestItem key={item.requestId} item={item} windowKey={windowKey} />
        ))}
      </ul>
    </section>
  );
}

function RequestItem({ item, windowKey }: { item: SupportRequestView; windowKey: readonly unknown[] }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [hours, setHours] = useState(item.hours);
  const approve = useCallMutation(settingsCalls.approveSupportRequest, {
    freshProof: true,
    invalidates: [supportRequestsKey, windowKey],
    onSuccess: () => message.success(t('web.support.approved')),
  });
  const refuse = useCallMutation(settingsCalls.refuseSupportRequest, {
    invalidates: [supportRequestsKey],
    invalidatesOnFailure: true,
    onSuccess: () => message.success(t('web.support.refused')),
  });
  const hoursId = `support-request-hours-${item.requestId}`;
  return (
    <li className={styles.request}>
      <p className={styles.text}>
        {t('web.support.requestBy', { name: item.requester.name, hours: item.hours, reason: item.reason })}
        <br />
        {item.sites.length
          ? t('web.support.onlySites', { sites: item.sites.map((site) => site.name).join(', ') })
          : t('web.support.allSites')}
        <br />
        <span className={styles.hint}>{t('web.support.requestExpires', { until: formatDate(item.expiresAt) })}</span>
      </p>
      <div className={styles.row}>
        <label htmlFor={hoursId}>
          {t('web.support.approveHours')}
          <br />
          <InputNumber
            id={hoursId}
            min={1}
            max={item.hours}
            precision={0}
            value={hours}
            onChange={(value) => setHours(value ?? 1)}
          />
        </label>
        <Button
          type="primary"
          loading={approve.isPending}
          onClick={() =>
            approve.mutate({
              body: hours < item.hours ? { requestId: item.requestId, hours } : { requestId: item.requestId },
            })
          }
        >
          {t('web.support.approve')}
        </Button>
        <Button loading={refuse.isPending} onClick={() => refuse.mutate({ body: { requestId: item.requestId } })}>
          {t('web.support.refuse')}
        </Button>
      </div>
    </li>
  );
}
