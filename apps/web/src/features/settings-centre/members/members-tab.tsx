import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Grid, Input, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Member } from '@portal/shared/api/settings';
import { CONFIRM_WIDTH } from '@portal/shared/constants';
import { AccentTag } from '../../../components/accent-tag';
import { useFeedback } from '../../../components/feedback';
import { UnprovenTag } from '../../../components/unproven-tag';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format-date';
import { useSessionUser } from '../../../session/session-queries';
import type { Departments } from '../departments/use-departments';
import { useRemoveMember } from '../settings-api';
import styles from '../settings-tab.module.css';
import { untilSettled } from '../until-settled';
import { isKnownLastAdmin, mayBeLastAdmin } from './last-admin';
import { MemberCreateModal } from './member-create-modal';
import { MemberEditModal } from './member-edit-modal';
import own from './members.module.css';
import { useMemberList } from './use-member-list';

/** Inline, because antd's own `max-width: 100%` for an ellipsis outranks a class. */
const TRUNCATED = { maxWidth: '14em' } as const;

/** A phone or email, tagged while no code has proven it: two accounts may list the same one. The tag
 *  stands under the value, so that tags widen no column (beside it, two made the table scroll at 1440 px). */
function withProof(value: string | null, proven: boolean, shown: ReactNode) {
  return value === null || proven ? (
    shown
  ) : (
    <span className={styles.proofCell}>
      {shown}
      <UnprovenTag />
    </span>
  );
}

function truncated(value: string | null) {
  return value === null ? (
    '—'
  ) : (
    <Typography.Text style={TRUNCATED} ellipsis={{ tooltip: value }}>
      {value}
    </Typography.Text>
  );
}

/** The company's members: a searchable list, a page at a time ("show more" brings the next through the
 *  server's cursor); accounts created here sign in with account and password. */
export function MembersTab({ departments }: { departments: Departments }) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().sm === false;
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const me = useSessionUser()?.userId;
  const list = useMemberList();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);

  const knownLastAdmin = (member: Member) => isKnownLastAdmin(member, list);

  const remove = useRemoveMember();

  /** Having removed or demoted oneself, one is no administrator any more: the way leads home. */
  function leftAdmins() {
    void navigate(paths.home, { replace: true });
  }

  function confirmRemove(member: Member) {
    const self = mayBeLastAdmin(member, me);
    modal.confirm({
      title: t('settings.members.removeTitle', { name: member.nickname }),
      content: member.userId === me ? t('settings.members.removeSelf') : t('settings.members.removeDescription'),
      okText: t('settings.members.remove'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      width: CONFIRM_WIDTH,
      onOk: () =>
        untilSettled(remove, { body: { userId: member.userId }, self }, (outcome) => {
          if (outcome === 'lastAdmin') {
            message.error(t('settings.members.lastAdmin'));
            return;
          }
          message.success(t('settings.members.removed'));
          if (self) leftAdmins();
        }),
    });
  }

  // A name may be 50 units wide, an email longer: long values end in "…" with the whole in a tooltip,
  // so that the actions column stays in view.
  const columns: TableColumnsType<Member> = [
    {
      title: t('settings.members.name'),
      dataIndex: 'nickname',
      render: (name: string, member) => (
        <span className={styles.nameCell}>
          <Typography.Text className={styles.strong} style={TRUNCATED} ellipsis={{ tooltip: name }}>
            {name}
          </Typography.Text>
          {member.userId === me ? <Tag variant="filled">{t('settings.members.you')}</Tag> : null}
        </span>
      ),
    },
    { title: t('settings.members.account'), dataIndex: 'account', render: truncated },
    {
      title: t('settings.members.phone'),
      dataIndex: 'phone',
      render: (phone: string | null, member) => withProof(phone, member.phoneProven, phone ?? '—'),
    },
    {
      title: t('settings.members.email'),
      dataIndex: 'email',
      render: (email: string | null, member) => withProof(email, member.emailProven, truncated(email)),
    },
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
      render: (id: number | null) => truncated(id === null ? null : (departments.paths.get(id) ?? null)),
    },
    {
      title: t('settings.members.joinedAt'),
      dataIndex: 'joinedAt',
      render: (iso: string) => formatDate(iso, 'date'),
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
          // on a phone the button is its icon, and the field keeps the room its hint needs
          enterButton={
            phone ? (
              <Button aria-label={t('settings.members.search')} icon={<SearchOutlined aria-hidden="true" />} />
            ) : (
              t('settings.members.search')
            )
          }
          onSearch={list.search}
        />
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} onClick={() => setCreating(true)}>
          {t('settings.members.create')}
        </Button>
      </div>
      <Table<Member>
        rowKey="userId"
        columns={columns}
        dataSource={list.items}
        loading={list.loading}
        className={styles.singleLineTable}
        // as wide as its content (German labels, long emails); scrolls sideways rather than wrap or cut
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('settings.members.empty') }}
        pagination={false}
      />
      {list.total === null ? null : (
        <div className={own.more}>
          <span className={styles.muted}>{t('settings.members.total', { count: list.total })}</span>
          {list.hasMore ? (
            <Button type="link" loading={list.loadingMore} onClick={list.loadMore}>
              {t('settings.members.loadMore')}
            </Button>
          ) : null}
        </div>
      )}
      <MemberCreateModal
        open={creating}
        departments={departments}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          message.success(t('settings.members.created'));
        }}
      />
      <MemberEditModal
        member={editing}
        departments={departments}
        lastAdmin={editing ? knownLastAdmin(editing) : false}
        me={me}
        onClose={() => setEditing(null)}
        onSaved={(left) => {
          setEditing(null);
          message.success(t('settings.members.updated'));
          if (left) leftAdmins();
        }}
      />
    </section>
  );
}
