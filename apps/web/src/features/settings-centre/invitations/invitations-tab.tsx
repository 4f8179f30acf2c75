import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  PlusOutlined,
  StopOutlined,
  MinusCircleOutlined,
} from '@ant-design/icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyInvitation, CreatedCompanyInvitation, InvitationStatus } from '@portal/shared/api/settings';
import { CONFIRM_WIDTH } from '@portal/shared/constants';
import { AccentTag } from '../../../components/accent-tag';
import { useFeedback } from '../../../components/feedback';
import { formatDate } from '../../../lib/format-date';
import type { Departments } from '../departments/use-departments';
import { invitationsQuery, useRevokeInvitation } from '../settings-api';
import styles from '../settings-tab.module.css';
import { untilSettled } from '../until-settled';
import { InvitationCreateModal } from './invitation-create-modal';
import { InvitationLinkModal } from './invitation-link-modal';

/** Only a usable link stands out; the others are told apart by icon and word. */
const STATUS_ICONS: Record<InvitationStatus, ReactNode> = {
  valid: <CheckCircleOutlined aria-hidden="true" />,
  used: <MinusCircleOutlined aria-hidden="true" />,
  expired: <ClockCircleOutlined aria-hidden="true" />,
  revoked: <StopOutlined aria-hidden="true" />,
};

/** How many links a page brings; "show more" brings the next through the server's cursor. */
const INVITATIONS_SHOWN = 10;

/** Invitation links: create (then copy or scan), follow their status and uses, revoke. */
export function InvitationsTab({ departments }: { departments: Departments }) {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const invitations = useInfiniteQuery(invitationsQuery(INVITATIONS_SHOWN));
  const revoke = useRevokeInvitation();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedCompanyInvitation | null>(null);

  function confirmRevoke(invitation: CompanyInvitation) {
    modal.confirm({
      title: t('settings.invitations.revokeTitle'),
      content: t('settings.invitations.revokeDescription'),
      okText: t('settings.invitations.revoke'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      width: CONFIRM_WIDTH,
      onOk: () =>
        untilSettled(revoke, { body: { id: invitation.id } }, () => message.success(t('settings.invitations.revoked'))),
    });
  }

  const columns: TableColumnsType<CompanyInvitation> = [
    {
      title: t('settings.invitations.kind'),
      dataIndex: 'kind',
      render: (kind: CompanyInvitation['kind']) => (
        <span className={styles.strong}>{t(`settings.invitations.kinds.${kind}`)}</span>
      ),
    },
    {
      title: t('settings.invitations.status'),
      dataIndex: 'status',
      render: (status: InvitationStatus) => (
        <AccentTag accent={status === 'valid'} icon={STATUS_ICONS[status]}>
          {t(`settings.invitations.statuses.${status}`)}
        </AccentTag>
      ),
    },
    {
      title: t('settings.invitations.uses'),
      key: 'uses',
      render: (_, invitation) =>
        t('settings.invitations.usesValue', { uses: invitation.uses, max: invitation.maxUses }),
    },
    {
      title: t('settings.invitations.expiresColumn'),
      dataIndex: 'expiresAt',
      render: (iso: string) => formatDate(iso),
    },
    {
      title: t('settings.invitations.createdBy'),
      dataIndex: 'createdBy',
      render: (name: string | null) =>
        name ?? <span className={styles.muted}>{t('settings.invitations.operator')}</span>,
    },
    {
      title: t('settings.actions'),
      key: 'actions',
      fixed: 'right',
      // link colour, not red: antd's red text misses 4.5:1 contrast in both themes; the confirmation is red
      render: (_, invitation) =>
        invitation.status === 'valid' ? (
          <span className={styles.actions}>
            <Button
              type="link"
              size="small"
              icon={<StopOutlined aria-hidden="true" />}
              onClick={() => confirmRevoke(invitation)}
            >
              {t('settings.invitations.revoke')}
            </Button>
          </span>
        ) : null,
    },
  ];

  return (
    <section aria-label={t('settings.tabs.invitations')}>
      <div className={styles.toolbar}>
        <p className={styles.hint}>{t('settings.invitations.hint')}</p>
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setCreating(true)}>
          {t('settings.invitations.create')}
        </Button>
      </div>
      <Table<CompanyInvitation>
        rowKey="id"
        columns={columns}
        dataSource={invitations.data?.pages.flatMap((page) => page.items) ?? []}
        loading={invitations.isFetching}
        scroll={{ x: 760 }}
        locale={{ emptyText: t('settings.invitations.empty') }}
        pagination={false}
      />
      {invitations.hasNextPage ? (
        <Button type="link" loading={invitations.isFetchingNextPage} onClick={() => void invitations.fetchNextPage()}>
          {t('settings.invitations.loadMore')}
        </Button>
      ) : null}
      <InvitationCreateModal
        open={creating}
        departments={departments}
        onClose={() => setCreating(false)}
        onCreated={(link) => {
          setCreating(false);
          setCreated(link);
        }}
      />
      <InvitationLinkModal link={created} onClose={() => setCreated(null)} />
    </section>
  );
}
