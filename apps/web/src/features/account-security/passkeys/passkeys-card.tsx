import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Passkey, passkeyNameSchema } from '@portal/shared/api/passkeys';
import { CONFIRM_WIDTH, NAME_MAX_UNITS } from '@portal/shared/constants';
import { nameUnits } from '@portal/shared/validation/name-units';
import { Card } from '../../../components/card';
import { useFeedback } from '../../../components/feedback';
import { FormModal } from '../../../components/form-modal';
import { ApiError } from '../../../lib/api-error';
import type { FieldErrors } from '../../../lib/field-errors';
import { schemaRule } from '../../../lib/form-rule';
import { formatDate } from '../../../lib/format-date';
import { translateKey } from '../../../lib/i18n';
import { passkeysQuery } from '../../../lib/passkeys-api';
import { useAddPasskey, useRemovePasskey, useRenamePasskey } from '../account-security-api';
import styles from './passkeys-card.module.css';

interface NameValues {
  name: string;
}

/** An optional name: empty is none, anything else follows the rule. */
const optionalNameRule = schemaRule({
  safeParse: (value: unknown) =>
    typeof value === 'string' && value.trim() === '' ? { success: true } : passkeyNameSchema.safeParse(value),
});

function PasskeyNameField({ required }: { required: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="name"
      label={t('passkeys.name')}
      rules={[required ? schemaRule(passkeyNameSchema) : optionalNameRule]}
    >
      <Input
        autoFocus
        autoComplete="off"
        placeholder={t('passkeys.namePlaceholder')}
        count={{ show: true, max: NAME_MAX_UNITS, strategy: nameUnits }}
      />
    </Form.Item>
  );
}

/** What the browser's refusal of the ceremony means to the person. */
function ceremonyRefusal(error: unknown): string | null {
  if (error instanceof ApiError) return null; // said by the api client already
  const name = error instanceof Error ? error.name : '';
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return 'errors.1009172';
  return 'passkeys.cancelled';
}

/**
 * The person's passkeys in the personal centre: each with its name, when it was added and last
 * used; add one (a name, then the browser's own dialog), rename or remove one (after a confirmation).
 */
export function PasskeysCard() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const supported = browserSupportsWebAuthn();
  const passkeys = useQuery(passkeysQuery());
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  const [addForm] = Form.useForm<NameValues>();
  const [renameForm] = Form.useForm<NameValues>();

  const nameOf = (passkey: Passkey) => passkey.name ?? t('passkeys.unnamed');

  function submitAdd(values: NameValues, underFields: FieldErrors<keyof NameValues>) {
    const name = values.name?.trim() || undefined;
    add.mutate(
      { name, options: { onError: underFields() } },
      {
        onSuccess: () => {
          setAdding(false);
          addForm.resetFields();
          message.success(t('passkeys.added'));
        },
        onError: (error) => {
          const refusal = ceremonyRefusal(error);
          if (refusal) message.warning(translateKey(refusal));
        },
      },
    );
  }

  function submitRename(values: NameValues, underFields: FieldErrors<keyof NameValues>) {
    if (!renaming) return;
    rename.mutate(
      { body: { id: renaming.id, name: values.name.trim() }, options: { onError: underFields() } },
      {
        onSuccess: () => {
          setRenaming(null);
          message.success(t('passkeys.renamed'));
        },
      },
    );
  }

  function confirmRemove(passkey: Passkey) {
    modal.confirm({
      title: t('passkeys.removeTitle', { name: nameOf(passkey) }),
      content: t('passkeys.removeContent'),
      okText: t('passkeys.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      width: CONFIRM_WIDTH,
      onOk: () =>
        new Promise<void>((settled) =>
          remove.mutate(
            { body: { id: passkey.id } },
            { onSuccess: () => message.success(t('passkeys.removed')), onSettled: () => settled() },
          ),
        ),
    });
  }

  const list = passkeys.data ?? [];

  return (
    <Card aria-labelledby="personal-passkeys">
      <div className={styles.header}>
        <div>
          <h2 id="personal-passkeys" className={styles.title}>
            {t('passkeys.title')}
          </h2>
          <p className={styles.description}>{t('passkeys.description')}</p>
        </div>
        {supported ? (
          <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('passkeys.add')}
          </Button>
        ) : null}
      </div>

      {supported ? null : (
        <p className={styles.notice} role="note">
          {t('passkeys.unsupported')}
        </p>
      )}

      {passkeys.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} title={false} />
      ) : list.length === 0 ? (
        <p className={styles.empty}>{t('passkeys.empty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('passkeys.count', { count: list.length })}>
          {list.map((passkey) => (
            <li key={passkey.id} className={styles.item}>
              <span className={styles.icon} aria-hidden="true">
                <KeyOutlined />
              </span>
              <div>
                <p className={styles.name}>
                  {nameOf(passkey)}{' '}
                  {passkey.deviceType === 'multiDevice' ? <Tag color="cyan">{t('passkeys.synced')}</Tag> : null}
                </p>
                <p className={styles.meta}>
                  {t('passkeys.createdAt', { time: formatDate(passkey.createdAt) })}
                  {' · '}
                  {passkey.lastUsedAt
                    ? t('passkeys.lastUsedAt', { time: formatDate(passkey.lastUsedAt) })
                    : t('passkeys.neverUsed')}
                </p>
              </div>
              <div className={styles.actions}>
                <Button
                  size="small"
                  aria-label={`${t('passkeys.rename')}: ${nameOf(passkey)}`}
                  onClick={() => setRenaming(passkey)}
                >
                  {t('passkeys.rename')}
                </Button>
                <Button
                  size="small"
                  danger
                  aria-label={`${t('passkeys.remove')}: ${nameOf(passkey)}`}
                  onClick={() => confirmRemove(passkey)}
                >
                  {t('passkeys.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <FormModal
        open={adding}
        title={t('passkeys.addTitle')}
        name="personal-passkey-add"
        form={addForm}
        okText={t('passkeys.continue')}
        busy={add.isPending}
        onSubmit={submitAdd}
        onClose={() => setAdding(false)}
      >
        <p className={styles.hint}>{t('passkeys.addHint')}</p>
        <PasskeyNameField required={false} />
      </FormModal>
      <FormModal
        // a fresh form for each passkey, holding its name
        key={renaming?.id ?? 'none'}
        open={renaming !== null}
        title={t('passkeys.renameTitle')}
        name="personal-passkey-rename"
        form={renameForm}
        initialValues={{ name: renaming?.name ?? '' }}
        okText={t('personal.save')}
        busy={rename.isPending}
        onSubmit={submitRename}
        onClose={() => setRenaming(null)}
      >
        <PasskeyNameField required />
      </FormModal>
    </Card>
  );
}
