import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Input, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Member } from '@portal/shared/api/settings';
import { CONFIRM_WIDTH } from '@portal/shared/constants';
import { ApiError } from '../../../lib/api-error';
import { useSession } from '../../../stores/session-store';
import { refreshPortal } from '../../../session/portal-session';
import { AccentTag } from '../../../components/accent-tag';
import type { Departments } from '../departments/use-departments';
import { formatDate } from '../format-date-time';
import { removeMember } from '../settings-api';
import styles from '../settings-tab.module.css';
import { hasOtherAdmin, isKnownLastAdmin, mayBeLastAdmin } from './last-admin';
import { MemberCreateModal } from './member-create-modal';
import { MemberEditModal } from './member-edit-modal';
import { useMemberPage } from './use-member-page';

/** The company's members: a paged, searchable list; accounts created here sign in with account and password. */
/** Inline, because antd's own `max-width: 100%` for an ellipsis outranks a class. */
const TRUNCATED = { maxWidth: '14em' } as const;

function truncated(value: string | null) {
  return value === null ? (
    '—'
  ) : (
    <Typography.Text style={TRUNCATED} ellipsis={{ tooltip: value }}>
      {value}
    </Typography.Text>
  );
}

export function MembersTab({ departments }: { departments: Departments }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const me = useSession((s) => s.userInfo?.userId);
  const list = useMemberPage();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);

  const knownLastAdmin = (member: Member) => isKnownLastAdmin(member, list.data, list.keyword !== '');

  /**
   * Reloads what the change touched. Having removed or demoted oneself, one is no administrator any
   * more: reloading would only meet 1000403, so the way leads home instead.
   */
  async function changed(member?: Member, leftAdmins = false) {
    if (!(leftAdmins && member?.userId === me)) {
      list.reload();
      departments.reload();
      return;
    }
    try {
      await refreshPortal();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    }
    await navigate('/home', { replace: true });
  }

  function confirmRemove(member: Member) {
    modal.confirm({
      title: t('settings.members.removeTitle', { name: member.nickname }),
      content: member.userId === me ? t('settings.members.removeSelf') : t('settings.members.removeDescription'),
      okText: t('settings.members.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      width: CONFIRM_WIDTH,
      onOk: async () => {
        try {
          if (mayBeLastAdmin(member, me) && !(await hasOtherAdmin(member.userId))) {
            void message.error(t('settings.members.lastAdmin'));
            return;
          }
          await removeMember(member.userId);
          void message.success(t('settings.members.removed'));
          await changed(member, true);
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
        }
      },
    });
  }

  // A name may be 50 units wide, an email longer: long values end in "…" with the whole in a tooltip,
  // so that the actions column stays in view.
  const columns: ColumnsType<Member> = [
    {
      title: t('settings.members.name'),
      dataIndex: 'nickname',
      render: (name: string, member) => (
        <span className={styles.nameCell}>
          <Typography.Text className={styles.strong} style={TRUNCATED} ellipsis={{ tooltip: name }}>
            {name}
          </Typography.Text>
          {member.userId === me ? <Tag bordered={false}>{t('settings.members.you')}</Tag> : null}
        </span>
      ),
    },
    { title: t('settings.members.account'), dataIndex: 'account', render: truncated },
    { title: t('settings.members.phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '—' },
    { title: t('settings.members.email'), dataIndex: 'email', render: truncated },
    {
      title: t('settings.members.role'),
      dataIndex: 'role',
      render: (role: Member['role']) => (
        <AccentTag accent={role === 'admin'}>
          {role === 'admin' ? t('settings.members.roleAdmin') : t('settings.members.roleMember')}
        </AccentTag>
      ),
    },
    {
      title: t('settings.members.department'),
      dataIndex: 'departmentId',
      render: (id: number | null) => (id === null ? '—' : (departments.paths.get(id) ?? '—')),
    },
    {
      title: t('settings.members.joinedAt'),
      dataIndex: 'joinedAt',
      render: (iso: string) => formatDate(iso),
    },
    {
      title: t('settings.actions'),
      key: 'actions',
      fixed: 'right',
      // link colour, not red: antd's red text misses 4.5:1 contrast in both themes; the confirmation is red
      render: (_, member) => {
        const last = knownLastAdmin(member);
        return (
          <span className={styles.actions}>
            <Button
              type="link"
              size="small"
              icon={<EditOutlined aria-hidden="true" />}
              aria-label={t('settings.members.editLabel', { name: member.nickname })}
              onClick={() => setEditing(member)}
            >
              {t('settings.members.edit')}
            </Button>
            <Tooltip title={last ? t('settings.members.lastAdmin') : undefined}>
              <Button
                type="link"
                size="small"
                disabled={last}
                icon={<DeleteOutlined aria-hidden="true" />}
                aria-label={t('settings.members.removeLabel', { name: member.nickname })}
                onClick={() => confirmRemove(member)}
              >
                {t('settings.members.remove')}
              </Button>
            </Tooltip>
          </span>
        );
      },
    },
  ];

  return (
    <section aria-label={t('settings.tabs.members')}>
      <div className={styles.toolbar}>
        <Input.Search
          className={styles.search}
          allowClear
          placeholder={t('settings.members.searchPlaceholder')}
          aria-label={t('settings.members.searchLabel')}
          enterButton={t('settings.members.search')}
          onSearch={list.search}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setCreating(true)}>
          {t('settings.members.create')}
        </Button>
      </div>
      <Table<Member>
        rowKey="userId"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.loading}
        className={styles.singleLineTable}
        // as wide as its content (German labels, long emails); scrolls sideways rather than wrap or cut
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('settings.members.empty') }}
        pagination={{
          current: list.page,
          pageSize: list.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => t('settings.members.total', { count: total }),
          onChange: list.setPage,
        }}
      />
      <MemberCreateModal
        open={creating}
        departments={departments}
        onClose={() => setCreating(false)}
        onCreated={() => {
          void message.success(t('settings.members.created'));
          void changed();
        }}
      />
      <MemberEditModal
        member={editing}
        departments={departments}
        lastAdmin={editing ? knownLastAdmin(editing) : false}
        me={me}
        onClose={() => setEditing(null)}
        onSaved={(member, values) => {
          void message.success(t('settings.members.updated'));
          void changed(member, values.role === 'member' && member.role === 'admin');
        }}
      />
    </section>
  );
}
