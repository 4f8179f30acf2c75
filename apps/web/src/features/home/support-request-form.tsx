import { useQuery } from '@tanstack/react-query';
import { Button, Input, InputNumber, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SUPPORT_ACCESS_MAX_HOURS,
  SUPPORT_ACCESS_SITES_MAX,
  SUPPORT_REQUEST_REASON_MAX,
} from '@portal/shared/api/support';
import { useFeedback } from '../../components/feedback';
import { portalCalls } from '../../lib/api-calls';
import { call } from '../../lib/api-client';
import { readToken } from '../../lib/cookies';
import { formatDate } from '../../lib/format-date';
import { useCallMutation } from '../../lib/use-call-mutation';
import { supportKeys } from '../../session/support-session';
import styles from './support-launcher.module.css';

const myRequestsKey = [...supportKeys.all, 'requests'] as const;

/** The support person's own requests; `staff` false for anyone else (docs/support-access.md#requests). */
export function useMySupportRequests() {
  return useQuery({
    queryKey: myRequestsKey,
    queryFn: ({ signal }) => call(portalCalls.mySupportRequests, undefined, { signal }),
    enabled: Boolean(readToken()),
  });
}

const STATUS_COLOURS = { open: 'processing', approved: 'success', refused: 'error', expired: 'default' } as const;

/** A support person asks a company, named by its domain, for a window; below, their requests. */
export function SupportRequestForm() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const mine = useMySupportRequests();
  const [domain, setDomain] = useState('');
  const [hours, setHours] = useState(4);
  const [reason, setReason] = useState('');
  const [siteIds, setSiteIds] = useState<string[]>([]);
  const ask = useCallMutation(portalCalls.requestSupportAccess, {
    invalidates: [myRequestsKey],
    onSuccess: () => {
      message.success(t('web.support.asked'));
      setDomain('');
      setReason('');
      setSiteIds([]);
    },
  });
  const items = mine.data?.items ?? [];

  return (
    <section aria-labelledby="support-ask-title" className={styles.ask}>
      <h3 id="support-ask-title">{t('web.support.askTitle')}</h3>
      <p className={styles.hint}>{t('web.support.askHint')}</p>
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          ask.mutate({
            body: { domain: domain.trim(), hours, reason: reason.trim(), ...(siteIds.length ? { siteIds } : {}) },
          });
        }}
      >
        <label>
          {t('web.support.domain')}
          <Input id="support-ask-domain" value={domain} onChange={(event) => setDomain(event.target.value)} />
        </label>
        <label>
          {t('web.support.hours')}
          <br />
          <InputNumber
            id="support-ask-hours"
            min={1}
            max={SUPPORT_ACCESS_MAX_HOURS}
            precision={0}
            value={hours}
            onChange={(value) => setHours(value ?? 1)}
          />
        </label>
        <label className={styles.wide}>
          {t('web.support.reason')}
          <Input.TextArea
            id="support-ask-reason"
            autoSize={{ minRows: 2 }}
            maxLength={SUPPORT_REQUEST_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        <label className={styles.wide}>
          {t('web.support.siteIds')}
          <Select
            id="support-ask-sites"
            mode="tags"
            open={false}
            suffixIcon={null}
            maxCount={SUPPORT_ACCESS_SITES_MAX}
            value={siteIds}
            onChange={setSiteIds}
            tokenSeparators={[',', ' ']}
          />
          <span className={styles.hint}>{t('web.support.siteIdsHint')}</span>
        </label>
        <Button type="primary" htmlType="submit" loading={ask.isPending}>
          {t('web.support.ask')}
        </Button>
      </form>
      {items.length ? (
        <>
          <h3 id="support-mine-title">{t('web.support.myRequests')}</h3>
          <ul className={styles.list} aria-labelledby="support-mine-title">
            {items.map((item) => (
              <li key={item.requestId} className={styles.item}>
                <span>
                  <span className={styles.name}>
                    {t('web.support.requestLine', { company: item.company.name, hours: item.hours })}
                  </span>
                  <br />
                  {formatDate(item.createdAt)}
                </span>
                <Tag color={STATUS_COLOURS[item.status]}>{t(`web.support.status_${item.status}`)}</Tag>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
