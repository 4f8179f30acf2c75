import { CheckCircleOutlined, ClockCircleOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKey, CreatedApiKey } from '@portal/shared/api/integrations';
import { CONFIRM_WIDTH } from '@portal/shared/constants';
import { AccentTag } from '../../../components/accent-tag';
import { useFeedback } from '../../../components/feedback';
import { formatDate } from '../../../lib/format-date';
import tabStyles from '../settings-tab.module.css';
import { ShownOnceModal } from '../shown-once-modal';
import { untilSettled } from '../until-settled';
import { ApiKeyCreateModal } from './api-key-create-modal';
import { apiKeysQuery, useRevokeApiKey } from './api-keys-api';
import styles from './api-keys.module.css';

const STATUS_ICONS: Record<ApiKey['status'], ReactNode> = {
  active: <CheckCircleOutlined aria-hidden="true" />,
  expired: <ClockCircleOutlined aria-hidden="true" />,
  revoked: <StopOutlined aria-hidden="true" />,
};

/**
 * The settings centre's "API keys" tab: the company's keys with their prefix, scopes, status, last
 * use and whose key each is (it ends when its creator stops being an administrator); creating one (the key shown once, as only its hash is kept) and revoking one.
 */
export function ApiKeysTab() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const keys = useQuery(apiKeysQuery());
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  function confirmRevoke(key: ApiKey) {
    modal.confirm({
      title: t('integrations.apiKeys.revokeTitle'),
      content: t('integrations.apiKeys.revokeContent'),
      okText: t('integrations.apiKeys.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      width: CONFIRM_WIDTH,
      onOk: () =>
        untilSettled(revoke, { body: { id: key.id } }, () => message.success(t('integrations.apiKeys.revoked'))),
    });
  }

  const columns: TableColumnsType<ApiKey> = [
    {
      title: t('integrations.apiKeys.name'),
      dataIndex: 'name',
      render: (name: string) => <span className={tabStyles.strong}>{name}</span>,
    },
    {
      title: t('integrations.apiKeys.prefix'),
      dataIndex: 'prefix',
      render: (prefix: string) => <code className={styles.prefix}>{prefix}…</code>,
    },
    {
      title: t('integrations.apiKeys.scopes'),
      dataIndex: 'scopes',
      render: (scopes: ApiKey['scopes']) => (
        <span className={styles.tags}>
          {scopes.map((scope) => (
            <Tag key={scope} variant="filled">
              {t(`integrations.apiKeys.scopeNames.${scope}`)}
            </Tag>
          ))}
        </span>
      ),
    },
    {
      title: t('integrations.apiKeys.status'),
      dataIndex: 'status',
      render: (status: ApiKey['status']) => (
        <AccentTag accent={status === 'active'} icon={STATUS_ICONS[status]}>
          {t(`integrations.apiKeys.statuses.${status}`)}
        </AccentTag>
      ),
    },
    {
      title: t('integrations.apiKeys.expires'),
      dataIndex: 'expiresAt',
      render: (iso: string) => formatDate(iso, 'date'),
    },
    {
      title: t('integrations.apiKeys.lastUsed'),
      dataIndex: 'lastUsedAt',
      render: (iso: string | null) =>
        iso ? formatDate(iso) : <span className={tabStyles.muted}>{t('integrations.apiKeys.neverUsed')}</span>,
    },
    {
      title: t('integrations.apiKeys.createdBy'),
      dataIndex: 'createdBy',
      // whose key it is: a name alone may be anyone's, the account tells the person
      render: (creator: ApiKey['createdBy']) =>
        creator === null ? (
          <span className={tabStyles.muted}>{t('integrations.apiKeys.deletedAccount')}</span>
        ) : creator.account === null ? (
          creator.nickname
        ) : (
          t('integrations.apiKeys.creator', { name: creator.nickname, account: creator.account })
        ),
    },
    {
      title: t('integrations.apiKeys.actions'),
      key: 'actions',
      fixed: 'right',
      // link colour, not red: antd's red text misses 4.5:1 contrast in both themes; the confirmation is red
      render: (_, key) =>
        key.status === 'active' ? (
          <span className={tabStyles.actions}>
            <Button
              type="link"
              size="small"
              icon={<StopOutlined aria-hidden="true" />}
              onClick={() => confirmRevoke(key)}
            >
              {t('integrations.apiKeys.revoke')}
            </Button>
          </span>
        ) : null,
    },
  ];

  return (
    <section aria-label={t('integrations.apiKeys.tab')}>
      <div className={tabStyles.toolbar}>
        <p className={tabStyles.hint}>{t('integrations.apiKeys.hint')}</p>
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setCreating(true)}>
          {t('integrations.apiKeys.create')}
        </Button>
      </div>
      <Table<ApiKey>
        rowKey="id"
        // each heading and value on one line, as long as its language makes it: the table scrolls
        className={tabStyles.singleLineTable}
        columns={columns}
        dataSource={keys.data?.items ?? []}
        loading={keys.isFetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('integrations.apiKeys.empty') }}
        pagination={false}
      />
      <ApiKeyCreateModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
        }}
      />
      <ShownOnceModal
        title={t('integrations.apiKeys.keyTitle')}
        hint={t('integrations.apiKeys.keyHint')}
        label={t('integrations.apiKeys.keyLabel')}
        warning={t('integrations.apiKeys.keyOnce')}
        value={created?.key ?? null}
        onClose={() => setCreated(null)}
      />
    </section>
  );
}
