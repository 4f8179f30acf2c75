import { Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  EVENT_TYPES,
  type EventType,
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEndpoint,
  type WebhookSecret,
} from '@portal/shared/api/integrations';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { useFeedback } from '../../../components/feedback';
import { FormModal } from '../../../components/form-modal';
import type { FieldErrors } from '../../../lib/field-errors';
import { usePortalInfo } from '../../../session/session-queries';
import { useCreateWebhook, useUpdateWebhook } from './webhooks-api';
import styles from './webhooks.module.css';

interface Values {
  url: string;
  description?: string;
  eventTypes: EventType[];
}

/** The catalogue's types under the part of the company they concern: `member.joined` under members. */
const GROUPS = ['member', 'department', 'invitation', 'company'] as const;
const typesOf = (group: (typeof GROUPS)[number]) => EVENT_TYPES.filter((type) => type.startsWith(`${group}.`));

/**
 * Adds an endpoint (then its secret is shown, once) or edits one: its URL, a description, and the
 * event types it receives. A URL the server refuses (1009191, or not a URL) is said under the field.
 */
export function WebhookFormModal({
  open,
  endpoint,
  onClose,
  onCreated,
}: {
  open: boolean;
  /** The endpoint edited; null to add one. */
  endpoint: WebhookEndpoint | null;
  onClose(): void;
  onCreated(created: WebhookSecret): void;
}) {
  // outside production the portal takes plain http too, as a receiver tried on a laptop has
  const acceptsHttp = usePortalInfo().data?.production === false;
  const { t } = useTranslation();
  const { message } = useFeedback();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const busy = create.isPending || update.isPending;

  function submit(values: Values, underFields: FieldErrors<keyof Values>) {
    const options = { onError: underFields({ [ErrorCode.WebhookAddressRefused]: 'url' }) };
    if (endpoint) {
      update.mutate(
        { body: { id: endpoint.id, ...values }, options },
        {
          onSuccess: () => {
            message.success(t('integrations.webhooks.saved'));
            onClose();
          },
        },
      );
    } else {
      create.mutate({ body: values, options }, { onSuccess: onCreated });
    }
  }

  return (
    <FormModal<Values>
      title={t(endpoint ? 'integrations.webhooks.editTitle' : 'integrations.webhooks.addTitle')}
      name="webhook-form"
      okText={t(endpoint ? 'integrations.webhooks.editSubmit' : 'integrations.webhooks.addSubmit')}
      open={open}
      busy={busy}
      initialValues={
        endpoint
          ? { url: endpoint.url, description: endpoint.description ?? '', eventTypes: endpoint.eventTypes }
          : { eventTypes: [] }
      }
      onClose={onClose}
      onSubmit={submit}
    >
      <Form.Item
        name="url"
        label={t('integrations.webhooks.url')}
        extra={t(acceptsHttp ? 'integrations.webhooks.urlHintDevelopment' : 'integrations.webhooks.urlHint')}
        rules={[{ required: true, whitespace: true, message: t('validation.webhookUrl') }]}
      >
        <Input inputMode="url" autoComplete="off" spellCheck={false} maxLength={WEBHOOK_URL_MAX_LENGTH} />
      </Form.Item>
      <Form.Item name="description" label={t('integrations.webhooks.description')}>
        <Input
          maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
          placeholder={t('integrations.webhooks.descriptionPlaceholder')}
        />
      </Form.Item>
      <Form.Item
        name="eventTypes"
        label={t('integrations.webhooks.eventTypes')}
        rules={[{ type: 'array', min: 1, required: true, message: t('integrations.webhooks.eventTypesRequired') }]}
      >
        <Checkbox.Group className={styles.groups}>
          {GROUPS.map((group) => (
            <fieldset key={group} className={styles.group}>
              <legend className={styles.groupName}>{t(`integrations.eventGroups.${group}`)}</legend>
              {typesOf(group).map((type) => (
                <Checkbox key={type} value={type} className={styles.type}>
                  {t(`integrations.events.${type}`)}
                </Checkbox>
              ))}
            </fieldset>
          ))}
        </Checkbox.Group>
      </Form.Item>
    </FormModal>
  );
}
