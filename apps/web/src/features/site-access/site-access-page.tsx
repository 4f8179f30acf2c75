import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  ACCESS_REQUEST_HOURS_MAX,
  ACCESS_REQUEST_REASON_MAX,
  type AccessRequest,
  type RequestSiteAccessRequest,
} from '@portal/shared/api/access-requests';
import { SITE_TEMPLATE_KEYS, siteIdSchema } from '@portal/shared/api/sites';
import { Card } from '../../components/card';
import { useFeedback } from '../../components/feedback';
import { PageHeading } from '../../components/page-heading';
import { call } from '../../lib/api-client';
import { formatDate } from '../../lib/format-date';
import { accessRequestCalls as calls } from '../../lib/integration-calls';
import styles from './site-access-page.module.css';

const MINE = ['site-access', 'mine'] as const;
const STATUS_COLOURS: Record<AccessRequest['status'], string | undefined> = {
  open: 'processing',
  approved: 'success',
  refused: 'error',
  expired: undefined,
};
const STATUS_TEXTS = {
  open: 'sites.access.statusOpen',
  approved: 'sites.access.statusApproved',
  refused: 'sites.access.statusRefused',
  expired: 'sites.access.statusExpired',
} as const;

/**
 * A person asks the owner of a site for access for a while (docs/site-grants.md#requests-for-a-site):
 * the site's code (filled in from the link its page shows), a template, hours and a reason; below,
 * the person's own requests and where each stands.
 */
export function SiteAccessPage() {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [params] = useSearchParams();
  const [form] = Form.useForm<RequestSiteAccessRequest>();
  const client = useQueryClient();
  const siteId = (Form.useWatch('siteId', form) as string | undefined)?.trim() ?? '';
  const known = siteIdSchema.safeParse(siteId).success;
  // the owner's cap, so the hours offer nothing the owner would refuse (1009276); a code that finds
  // no site says nothing here, as the request itself would answer it
  const lookup = useQuery({
    queryKey: ['site-access', 'site', siteId],
    queryFn: ({ signal }) => call(calls.siteAccessLookup, { siteId }, { signal, silent: true }),
    enabled: known,
    retry: false,
  });
  const cap = known ? lookup.data?.capHours : undefined;
  const mine = useQuery({
    queryKey: MINE,
    queryFn: ({ signal }) => call(calls.myAccessRequests, undefined, { signal }),
  });
  const send = useMutation({
    mutationFn: (body: RequestSiteAccessRequest) =>
      // a refusal (no such site, a limit) is the catalogue's message, said once by the client
      call(calls.requestSiteAccess, body),
    onSuccess: async () => {
      message.success(t('sites.access.sent'));
      form.resetFields(['reason']);
      await client.invalidateQueries({ queryKey: MINE });
    },
  });

  return (
    <div className={styles.page}>
      <PageHeading title={t('sites.access.title')} subtitle={t('sites.access.hint')} />
      <Card>
        <Form<RequestSiteAccessRequest>
          form={form}
          name="site-access"
          layout="vertical"
          initialValues={{ siteId: params.get('site') ?? '', template: 'technician', hours: 4 }}
          onFinish={(values) => send.mutate({ ...values, siteId: values.siteId.trim() })}
        >
          <Form.Item
            name="siteId"
            label={t('sites.access.site')}
            extra={t('sites.access.siteHint')}
            rules={[{ required: true, whitespace: true, message: t('sites.access.siteRequired') }]}
          >
            <Input autoComplete="off" spellCheck={false} maxLength={40} />
          </Form.Item>
          <Form.Item name="template" label={t('sites.access.template')} rules={[{ required: true }]}>
            <Select
              options={SITE_TEMPLATE_KEYS.map((key) => ({
                value: key,
                label: `${t(`sites.templates.${key}`)} · ${t(`sites.templateHints.${key}`)}`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="hours"
            label={t('sites.access.hours')}
            extra={cap ? t('sites.access.hoursHint', { capHours: cap }) : t('sites.access.hoursHintNoSite')}
            rules={[
              { required: true },
              {
                type: 'number',
                max: cap ?? ACCESS_REQUEST_HOURS_MAX,
                message: cap ? t('sites.access.hoursHint', { capHours: cap }) : t('validation.accessHours'),
              },
            ]}
          >
            <InputNumber min={1} max={cap ?? ACCESS_REQUEST_HOURS_MAX} precision={0} />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('sites.access.reason')}
            rules={[{ required: true, whitespace: true, message: t('sites.access.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={ACCESS_REQUEST_REASON_MAX} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            {t('sites.access.submit')}
          </Button>
        </Form>
      </Card>
      <Card>
        <h2 className={styles.title}>{t('sites.access.mine')}</h2>
        {mine.data?.items.length === 0 ? <p>{t('sites.access.empty')}</p> : null}
        <ul className={styles.list}>
          {mine.data?.items.map((request) => (
            <li key={request.requestId} className={styles.item} aria-label={request.site.name}>
              <span className={styles.name}>{request.site.name}</span>
              <span>
                {t(`sites.templates.${request.template}`)} · {request.owner.name}
              </span>
              <Tag color={STATUS_COLOURS[request.status]}>{t(STATUS_TEXTS[request.status])}</Tag>
              {request.grant ? (
                <span>{t('sites.access.until', { time: formatDate(request.grant.endsAt) })}</span>
              ) : null}
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
