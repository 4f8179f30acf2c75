import { Checkbox, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_SCOPES,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@portal/shared/api/integrations';
import cards from '../../../components/choice-cards.module.css';
import { FormModal } from '../../../components/form-modal';
import type { FieldErrors } from '../../../lib/field-errors';
import { useCreateApiKey } from './api-keys-api';

interface Values {
  name: string;
  scopes: ApiKeyScope[];
  expiresInDays: number;
}

/** The lifetimes offered: a month, a quarter, half a year, the longest the server allows. */
const EXPIRY_DAYS = [30, 90, 180, 366] as const;

/** A key's name, what it may do (a sentence each) and how long it lives; the key is shown next, once. */
export function ApiKeyCreateModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(created: CreatedApiKey): void;
}) {
  const { t } = useTranslation();
  const create = useCreateApiKey();

  function submit(body: Values, underFields: FieldErrors<keyof Values>) {
    // 1009192 (too many keys) is no field's: the api client says it
    create.mutate({ body, options: { onError: underFields() } }, { onSuccess: onCreated });
  }

  return (
    <FormModal<Values>
      title={t('integrations.apiKeys.createTitle')}
      name="api-key-create"
      okText={t('integrations.apiKeys.createSubmit')}
      open={open}
      busy={create.isPending}
      initialValues={{ scopes: [], expiresInDays: 90 }}
      onClose={onClose}
      onSubmit={submit}
    >
      <Form.Item
        name="name"
        label={t('integrations.apiKeys.name')}
        rules={[{ required: true, whitespace: true, message: t('integrations.apiKeys.nameRequired') }]}
      >
        <Input maxLength={API_KEY_NAME_MAX_LENGTH} placeholder={t('integrations.apiKeys.namePlaceholder')} />
      </Form.Item>
      <Form.Item
        name="scopes"
        label={t('integrations.apiKeys.scopes')}
        rules={[{ type: 'array', min: 1, required: true, message: t('integrations.apiKeys.scopesRequired') }]}
      >
        <Checkbox.Group className={cards.cards}>
          {API_KEY_SCOPES.map((scope) => (
            <Checkbox key={scope} value={scope} className={cards.card}>
              <span className={cards.name}>{t(`integrations.apiKeys.scopeNames.${scope}`)}</span>
              <span className={cards.hint}>{t(`integrations.apiKeys.scopeHints.${scope}`)}</span>
            </Checkbox>
          ))}
        </Checkbox.Group>
      </Form.Item>
      <Form.Item name="expiresInDays" label={t('integrations.apiKeys.expiry')}>
        <Select
          options={EXPIRY_DAYS.map((days) => ({ value: days, label: t('integrations.apiKeys.days', { count: days }) }))}
        />
      </Form.Item>
    </FormModal>
  );
}
