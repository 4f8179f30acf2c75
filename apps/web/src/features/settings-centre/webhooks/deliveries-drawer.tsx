import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  RedoOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Grid, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookDelivery, WebhookDeliveryTry, WebhookEndpoint } from '@portal/shared/api/integrations';
import { AccentTag } from '../../../components/accent-tag';
import { useFeedback } from '../../../components/feedback';
import { formatDate } from '../../../lib/format-date';
import { deliveriesQuery, useResendDelivery } from './webhooks-api';
import styles from './webhooks.module.css';

const STATE_ICONS: Record<WebhookDelivery['state'], ReactNode> = {
  pending: <ClockCircleOutlined aria-hidden="true" />,
  delivered: <CheckCircleOutlined aria-hidden="true" />,
  failed: <CloseCircleOutlined aria-hidden="true" />,
};

/**
 * An endpoint's deliveries, newest first: each event, its state, the endpoint's last answer and
 * error, every try (when, the answer's status, how long, why it failed, when the next follows), and
 * "send again" once it is settled (a pending one is tried again by itself).
 */
export function DeliveriesDrawer({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose(): void }) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().sm === false;
  return (
    <Drawer
      open={endpoint !== null}
      onClose={onClose}
      placement="right"
      // a phone's whole width; beside the list on a larger screen
      size={phone ? '100%' : 640}
      title={t('integrations.deliveries.title')}
      destroyOnHidden
    >
      {endpoint ? <Deliveries endpoint={endpoint} /> : null}
    </Drawer>
  );
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const deliveries = useInfiniteQuery(deliveriesQuery(endpoint.id));
  const resend = useResendDelivery(endpoint.id);
  const items = deliveries.data?.pages.flatMap((page) => page.items) ?? [];

  function field(name: string, value: ReactNode) {
    return (
      <div className={styles.field}>
        <dt>{name}</dt>
        <dd>{value}</dd>
      </div>
    );
  }

  return (
    <div className={styles.deliveries}>
      <div className={styles.deliveriesHead}>
        <p className={styles.url}>{endpoint.url}</p>
        <Button
          icon={<ReloadOutlined aria-hidden="true" />}
          loading={deliveries.isRefetching}
          onClick={() => void deliveries.refetch()}
        >
          {t('integrations.deliveries.refresh')}
        </Button>
      </div>
      {deliveries.isPending ? <Skeleton active /> : null}
      {deliveries.isSuccess && items.length === 0 ? <Empty description={t('integrations.deliveries.empty')} /> : null}
      <ul className={styles.deliveryList} aria-label={t('integrations.deliveries.title')}>
        {items.map((delivery) => (
          <li key={delivery.id} className={styles.delivery}>
            <div className={styles.deliveryHead}>
              <span className={styles.strong}>{t(`integrations.events.${delivery.eventType}`)}</span>
              <AccentTag accent={delivery.state === 'delivered'} icon={STATE_ICONS[delivery.state]}>
                {t(`integrations.deliveries.states.${delivery.state}`)}
              </AccentTag>
            </div>
            <dl className={styles.fields}>
              {field(t('integrations.deliveries.eventId'), <code>{delivery.eventId}</code>)}
              {field(t('integrations.deliveries.attempts'), delivery.attempts)}
              {field(
                t('integrations.deliveries.lastStatus'),
                delivery.lastStatus ?? (delivery.lastAttemptAt ? t('integrations.deliveries.noAnswer') : '—'),
              )}
              {field(t('integrations.deliveries.time'), formatDate(delivery.lastAttemptAt ?? delivery.createdAt))}
              {delivery.lastError ? field(t('integrations.deliveries.lastError'), delivery.lastError) : null}
            </dl>
            {delivery.tries.length ? <Tries tries={delivery.tries} /> : null}
            {delivery.state === 'pending' ? null : (
              <Button
                size="small"
                icon={<RedoOutlined aria-hidden="true" />}
                loading={resend.isPending && resend.variables?.body.deliveryId === delivery.id}
                onClick={() =>
                  resend.mutate(
                    { body: { deliveryId: delivery.id } },
                    { onSuccess: () => message.success(t('integrations.deliveries.resent')) },
                  )
                }
              >
                {t('integrations.deliveries.resend')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {deliveries.hasNextPage ? (
        <Button type="link" loading={deliveries.isFetchingNextPage} onClick={() => void deliveries.fetchNextPage()}>
          {t('integrations.deliveries.loadMore')}
        </Button>
      ) : null}
    </div>
  );
}

/** A delivery's tries, oldest first, as a receiver's developer compares them with their own logs. */
function Tries({ tries }: { tries: WebhookDeliveryTry[] }) {
  const { t, i18n } = useTranslation();
  const milliseconds = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'millisecond' });
  return (
    // scrolls sideways on a phone: reachable by the keyboard as a region of its own
    <div className={styles.tries} tabIndex={0} role="region" aria-label={t('integrations.deliveries.tries')}>
      <table aria-label={t('integrations.deliveries.tries')}>
        <thead>
          <tr>
            <th scope="col">{t('integrations.deliveries.tryNumber')}</th>
            <th scope="col">{t('integrations.deliveries.time')}</th>
            <th scope="col">{t('integrations.deliveries.lastStatus')}</th>
            <th scope="col">{t('integrations.deliveries.duration')}</th>
            <th scope="col">{t('integrations.deliveries.error')}</th>
            <th scope="col">{t('integrations.deliveries.nextTry')}</th>
          </tr>
        </thead>
        <tbody>
          {tries.map((one, index) => (
            <tr key={one.at + index}>
              <td>{index + 1}</td>
              <td>{formatDate(one.at, 'seconds')}</td>
              <td>{one.status ?? t('integrations.deliveries.noAnswer')}</td>
              <td>{milliseconds.format(one.durationMs)}</td>
              <td>{one.error ?? '—'}</td>
              <td>{one.nextAttemptAt ? formatDate(one.nextAttemptAt, 'seconds') : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
