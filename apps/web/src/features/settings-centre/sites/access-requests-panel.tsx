import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Form, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessRequest } from '@portal/shared/api/access-requests';
import { SITE_TEMPLATE_KEYS, templateWithin } from '@portal/shared/api/sites';
import { useFeedback } from '../../../components/feedback';
import { FormModal } from '../../../components/form-modal';
import { formatDate } from '../../../lib/format-date';
import { accessRequestsQuery, useApproveAccessRequest, useRefuseAccessRequest } from './sites-api';
import styles from './sites.module.css';

interface Values {
  hours: number;
  template: AccessRequest['template'];
}

/**
 * The open requests for the company's sites, at the top of the "Sites" tab: who asks for what, for
 * how long and why; approved as asked or shorter and narrower (with a fresh proof), or refused.
 */
export function AccessRequestsPanel() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const requests = useInfiniteQuery(accessRequestsQuery());
  const approve = useApproveAccessRequest();
  const refuse = useRefuseAccessRequest();
  const [approving, setApproving] = useState<AccessRequest | null>(null);
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  if (!items.length) return null;

  return (
    <section aria-label={t('sites.requests.title')} className={styles.requests}>
      <h2 className={styles.requestsTitle}>{t('sites.requests.title')}</h2>
      <ul className={styles.cards}>
        {items.map((request) => (
          <li key={request.requestId} className={styles.card} aria-label={request.requester.name}>
            <p className={styles.strong}>
              {t('sites.requests.asked', {
                person: request.requester.name,
                company: request.requester.company.name,
                site: request.site.name,
                template: t(`sites.templates.${request.template}`),
                hours: request.hours,
              })}
            </p>
            {request.widens ? (
              <p>{t('sites.requests.widens', { template: t(`sites.templates.${request.widens}`) })}</p>
            ) : null}
            <p>{t('sites.requests.reason', { reason: request.reason })}</p>
            <p>{t('sites.requests.expires', { time: formatDate(request.expiresAt) })}</p>
            <div className={styles.actions}>
              <Button
                type="primary"
                icon={<CheckOutlined aria-hidden="true" />}
                aria-label={t('sites.requests.approveLabel', { person: request.requester.name })}
                onClick={() => setApproving(request)}
              >
                {t('sites.requests.approve')}
              </Button>
              <Button
                icon={<CloseOutlined aria-hidden="true" />}
                aria-label={t('sites.requests.refuseLabel', { person: request.requester.name })}
                loading={refuse.isPending && refuse.variables?.body.requestId === request.requestId}
                onClick={() =>
                  refuse.mutate(
                    { body: { requestId: request.requestId } },
                    { onSuccess: () => message.success(t('sites.requests.refused')) },
                  )
                }
              >
                {t('sites.requests.refuse')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {requests.hasNextPage ? (
        <div className={styles.more}>
          <Button type="link" loading={requests.isFetchingNextPage} onClick={() => void requests.fetchNextPage()}>
            {t('sites.list.loadMore')}
          </Button>
        </div>
      ) : null}
      <FormModal<Values>
        key={approving?.requestId ?? 'none'}
        title={
          approving
            ? t('sites.requests.approveTitle', { person: approving.requester.name, site: approving.site.name })
            : ''
        }
        name="approve-access"
        okText={t('sites.requests.approve')}
        open={approving !== null}
        busy={approve.isPending}
        initialValues={approving ? { hours: approving.hours, template: approving.template } : undefined}
        onClose={() => setApproving(null)}
        onSubmit={(values) =>
          approving &&
          approve.mutate(
            { body: { requestId: approving.requestId, hours: values.hours, template: values.template } },
            {
              onSuccess: (answer) => {
                message.success(t('sites.requests.approved', { time: formatDate(answer.grant?.endsAt ?? '') }));
                setApproving(null);
              },
            },
          )
        }
      >
        <Form.Item name="hours" label={t('sites.requests.approveHours')} rules={[{ required: true }]}>
          <InputNumber min={1} max={approving?.hours ?? 1} precision={0} />
        </Form.Item>
        <Form.Item name="template" label={t('sites.requests.approveTemplate')} rules={[{ required: true }]}>
          <Select
            options={SITE_TEMPLATE_KEYS.filter((key) => approving && templateWithin(key, approving.template)).map(
              (key) => ({ value: key, label: t(`sites.templates.${key}`) }),
            )}
          />
        </Form.Item>
      </FormModal>
    </section>
  );
}
