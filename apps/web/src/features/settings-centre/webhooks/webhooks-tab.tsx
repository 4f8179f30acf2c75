import {
  CheckCircleOutlined,
  DeleteOutlined,
  EditOutlined,
  HistoryOutlined,
  KeyOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  PlusOutlined,
  StopOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Skeleton, Tag } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  WEBHOOK_SECRET_OVERLAP_HOURS,
  type WebhookEndpoint,
  type WebhookSecret,
} from '@portal/shared/api/integrations';
import { CONFIRM_WIDTH } from '@portal/shared/constants';
import { AccentTag } from '../../../components/accent-tag';
import { useFeedback } from '../../../components/feedback';
import { formatDate } from '../../../lib/format-date';
import tabStyles from '../settings-tab.module.css';
import { ShownOnceModal } from '../shown-once-modal';
import { untilSettled } from '../until-settled';
import { DeliveriesDrawer } from './deliveries-drawer';
import { WebhookFormModal } from './webhook-form-modal';
import { useDeleteWebhook, useRotateWebhookSecret, useUpdateWebhook, webhooksQuery } from './webhooks-api';
import styles from './webhooks.module.css';

const STATUS_ICONS: Record<WebhookEndpoint['status'], ReactNode> = {
  enabled: <CheckCircleOutlined aria-hidden="true" />,
  disabled: <StopOutlined aria-hidden="true" />,
  failing: <WarningOutlined aria-hidden="true" />,
};

/** The form is open to add an endpoint (null) or to edit one. */
type Editing = { endpoint: WebhookEndpoint | null } | null;

/**
 * The settings centre's "Webhooks" tab: the company's endpoints, each with the events it receives and
 * whether it is on, failing or off; adding one (its signing secret shown once), editing, turning off
 * and on, a new secret, deleting, and each one's deliveries. At most ten endpoints: cards, which a
 * phone shows whole without a table's sideways scroll.
 */
export function WebhooksTab() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const webhooks = useQuery(webhooksQuery());
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const rotate = useRotateWebhookSecret();
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<WebhookSecret | null>(null);
  const [deliveriesOf, setDeliveriesOf] = useState<WebhookEndpoint | null>(null);

  function confirmRotate(endpoint: WebhookEndpoint) {
    modal.confirm({
      title: t('integrations.webhooks.rotateTitle'),
      content: t('integrations.webhooks.rotateContent', { count: WEBHOOK_SECRET_OVERLAP_HOURS }),
      okText: t('integrations.webhooks.rotateOk'),
      cancelText: t('common.cancel'),
      width: CONFIRM_WIDTH,
      onOk: () => untilSettled(rotate, { body: { id: endpoint.id } }, setSecret),
    });
  }

  function confirmDelete(endpoint: WebhookEndpoint) {
    modal.confirm({
      title: t('integrations.webhooks.deleteTitle'),
      content: t('integrations.webhooks.deleteContent'),
      okText: t('integrations.webhooks.deleteOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      width: CONFIRM_WIDTH,
      onOk: () =>
        untilSettled(remove, { body: { id: endpoint.id } }, () => message.success(t('integrations.webhooks.deleted'))),
    });
  }

  function turn(endpoint: WebhookEndpoint, enabled: boolean) {
    update.mutate(
      { body: { id: endpoint.id, enabled } },
      {
        onSuccess: () =>
          message.success(t(enabled ? 'integrations.webhooks.turnedOn' : 'integrations.webhooks.turnedOff')),
      },
    );
  }

  const items = webhooks.data?.items;

  return (
    <section aria-label={t('integrations.webhooks.tab')}>
      <div className={tabStyles.toolbar}>
        <p className={tabStyles.hint}>{t('integrations.webhooks.hint')}</p>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden="true" />}
          onClick={() => setEditing({ endpoint: null })}
        >
          {t('integrations.webhooks.add')}
        </Button>
      </div>
      {!items ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {items?.length === 0 ? <Empty description={t('integrations.webhooks.empty')} /> : null}
      <ul className={styles.endpoints}>
        {items?.map((endpoint) => {
          const on = endpoint.status === 'enabled';
          const busy = update.isPending && update.variables?.body.id === endpoint.id;
          return (
            <li key={endpoint.id} className={styles.endpoint} aria-label={endpoint.url}>
              <div className={styles.endpointHead}>
                <div className={styles.endpointName}>
                  <p className={styles.url}>{endpoint.url}</p>
                  {endpoint.description ? <p className={tabStyles.muted}>{endpoint.description}</p> : null}
                </div>
                <div className={styles.status}>
                  <AccentTag accent={on} icon={STATUS_ICONS[endpoint.status]}>
                    {t(`integrations.webhooks.statuses.${endpoint.status}`)}
                  </AccentTag>
                  {endpoint.failingSince ? (
                    <span className={tabStyles.muted}>
                      {t('integrations.webhooks.failingSince', { time: formatDate(endpoint.failingSince) })}
                    </span>
                  ) : null}
                </div>
              </div>
              <p className={styles.eventsLabel}>
                {t('integrations.webhooks.events', { count: endpoint.eventTypes.length })}
              </p>
              <div className={styles.tags}>
                {endpoint.eventTypes.map((type) => (
                  <Tag key={type} variant="filled">
                    {t(`integrations.events.${type}`)}
                  </Tag>
                ))}
              </div>
              <div className={styles.endpointActions}>
                <Button icon={<HistoryOutlined aria-hidden="true" />} onClick={() => setDeliveriesOf(endpoint)}>
                  {t('integrations.webhooks.deliveries')}
                </Button>
                <Button icon={<EditOutlined aria-hidden="true" />} onClick={() => setEditing({ endpoint })}>
                  {t('integrations.webhooks.edit')}
                </Button>
                <Button
                  loading={busy}
                  icon={on ? <PauseCircleOutlined aria-hidden="true" /> : <PlayCircleOutlined aria-hidden="true" />}
                  onClick={() => turn(endpoint, !on)}
                >
                  {t(on ? 'integrations.webhooks.turnOff' : 'integrations.webhooks.turnOn')}
                </Button>
                <Button icon={<KeyOutlined aria-hidden="true" />} onClick={() => confirmRotate(endpoint)}>
                  {t('integrations.webhooks.rotate')}
                </Button>
                <Button icon={<DeleteOutlined aria-hidden="true" />} onClick={() => confirmDelete(endpoint)}>
                  {t('integrations.webhooks.delete')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <WebhookFormModal
        open={editing !== null}
        endpoint={editing?.endpoint ?? null}
        onClose={() => setEditing(null)}
        onCreated={(created) => {
          setEditing(null);
          setSecret(created);
        }}
      />
      <ShownOnceModal
        title={t('integrations.webhooks.secretTitle')}
        hint={t('integrations.webhooks.secretHint')}
        label={t('integrations.webhooks.secretLabel')}
        warning={t('integrations.webhooks.secretOnce')}
        value={secret?.secret ?? null}
        onClose={() => setSecret(null)}
      >
        {secret?.previousSecretUntil ? (
          <p className={tabStyles.muted}>
            {t('integrations.webhooks.previousUntil', { time: formatDate(secret.previousSecretUntil) })}
          </p>
        ) : null}
      </ShownOnceModal>
      <DeliveriesDrawer endpoint={deliveriesOf} onClose={() => setDeliveriesOf(null)} />
    </section>
  );
}
