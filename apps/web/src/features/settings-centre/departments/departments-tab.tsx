import { DeleteOutlined, EditOutlined, PlusOutlined, SubnodeOutlined } from '@ant-design/icons';
import { Button, Table, Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONFIRM_WIDTH } from '@portal/shared/constants';
import { AccentTag } from '../../../components/accent-tag';
import { useFeedback } from '../../../components/feedback';
import { useDeleteDepartment } from '../settings-api';
import styles from '../settings-tab.module.css';
import { untilSettled } from '../until-settled';
import { type DepartmentEdit, DepartmentNameModal } from './department-name-modal';
import type { DepartmentNode } from './department-tree';
import type { Departments } from './use-departments';

/** Describes the default department's disabled Delete to screen readers as its tooltip does to the eye. */
const DEFAULT_UNDELETABLE_ID = 'default-department-undeletable';
const MEMBERS_UNDELETABLE_ID = 'department-with-members-undeletable';
/** From this many departments the table draws only the rows in view (antd's virtual table): a
 *  company of 10,000 would otherwise lay out 10,000 rows, opened, on every change. */
const VIRTUAL_FROM = 300;
/** The virtual table's fixed size: it needs numbers where the small tree takes its content's width. */
const VIRTUAL_SCROLL = { x: 880, y: 640 };

/**
 * The department tree. Deleting is offered for every department but the default one and those with
 * members, in them or under them (the server's count includes its sub-departments); a member who joins
 * meanwhile is the server's 1009107, said in the catalogue's words.
 */
export function DepartmentsTab({ departments }: { departments: Departments }) {
  const { t } = useTranslation();
  const defaultUndeletable = t('settings.departments.defaultUndeletable');
  const membersUndeletable = t('settings.departments.membersUndeletable');
  /** Why Delete cannot work on the department, if it cannot: its reason and the element saying it. */
  const undeletable = (department: DepartmentNode) =>
    department.isDefault
      ? { text: defaultUndeletable, id: DEFAULT_UNDELETABLE_ID }
      : department.memberCount > 0
        ? { text: membersUndeletable, id: MEMBERS_UNDELETABLE_ID }
        : null;
  const { message, modal } = useFeedback();
  const remove = useDeleteDepartment();
  const [edit, setEdit] = useState<DepartmentEdit | null>(null);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());

  function confirmDelete(department: DepartmentNode) {
    modal.confirm({
      title: t('settings.departments.deleteTitle', { name: department.name }),
      content: department.children
        ? t('settings.departments.deleteWithChildren')
        : t('settings.departments.deleteDescription'),
      okText: t('settings.departments.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      width: CONFIRM_WIDTH,
      // 1009107, members still in it, is the api client's toast
      onOk: () =>
        untilSettled(remove, { body: { id: department.id } }, () => message.success(t('common.deleteSuccess'))),
    });
  }

  const columns: TableColumnsType<DepartmentNode> = [
    {
      title: t('settings.departments.name'),
      dataIndex: 'name',
      render: (name: string, department) => (
        <span className={styles.nameCell}>
          <span className={styles.strong}>{name}</span>
          {department.isDefault ? <AccentTag>{t('settings.departments.default')}</AccentTag> : null}
        </span>
      ),
    },
    {
      title: t('settings.departments.members'),
      dataIndex: 'memberCount',
      width: 160,
    },
    {
      title: t('settings.actions'),
      key: 'actions',
      fixed: 'right',
      // link colour, not red: antd's red text misses 4.5:1 contrast in both themes; the confirmation is red
      render: (_, department) => (
        <span className={styles.actions}>
          <Button
            type="link"
            size="small"
            icon={<SubnodeOutlined aria-hidden="true" />}
            aria-label={t('settings.departments.addChildLabel', { name: department.name })}
            onClick={() => setEdit({ mode: 'create', parentId: department.id })}
          >
            {t('settings.departments.addChild')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined aria-hidden="true" />}
            aria-label={t('settings.departments.renameLabel', { name: department.name })}
            onClick={() => setEdit({ mode: 'rename', department })}
          >
            {t('settings.departments.rename')}
          </Button>
          {/* The server refuses to delete the default department, and one with members in its subtree
              (the count includes them): say so before anyone tries. */}
          <Tooltip title={undeletable(department)?.text}>
            <Button
              type="link"
              size="small"
              disabled={undeletable(department) !== null}
              icon={<DeleteOutlined aria-hidden="true" />}
              aria-label={t('settings.departments.deleteLabel', { name: department.name })}
              aria-describedby={undeletable(department)?.id}
              onClick={() => confirmDelete(department)}
            >
              {t('settings.departments.delete')}
            </Button>
          </Tooltip>
        </span>
      ),
    },
  ];

  const expandedRowKeys = (departments.list ?? []).map((d) => d.id).filter((id) => !collapsed.has(id));
  const large = (departments.list?.length ?? 0) >= VIRTUAL_FROM;

  return (
    <section aria-label={t('settings.tabs.departments')}>
      <span id={DEFAULT_UNDELETABLE_ID} hidden>
        {defaultUndeletable}
      </span>
      <span id={MEMBERS_UNDELETABLE_ID} hidden>
        {membersUndeletable}
      </span>
      <div className={styles.toolbar}>
        <p className={styles.hint}>{t('settings.departments.hint')}</p>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden="true" />}
          onClick={() => setEdit({ mode: 'create', parentId: null })}
        >
          {t('settings.departments.create')}
        </Button>
      </div>
      <Table<DepartmentNode>
        rowKey="id"
        columns={columns}
        dataSource={departments.tree}
        loading={departments.list === null}
        pagination={false}
        virtual={large}
        // as wide as its content: a fixed width shared the rest out, and the actions took half a phone
        scroll={large ? VIRTUAL_SCROLL : { x: 'max-content' }}
        locale={{ emptyText: t('settings.departments.empty') }}
        expandable={{
          // a level of the tree a clear step in from its parent (antd's 15 px reads as misalignment)
          indentSize: 28,
          // new departments show open; only what the administrator folded stays folded
          expandedRowKeys,
          onExpand: (expanded, department) =>
            setCollapsed((keys) => {
              const next = new Set(keys);
              if (expanded) next.delete(department.id);
              else next.add(department.id);
              return next;
            }),
        }}
      />
      <DepartmentNameModal
        edit={edit}
        tree={departments.tree}
        onClose={() => setEdit(null)}
        onSaved={(text) => {
          setEdit(null);
          message.success(text);
        }}
      />
    </section>
  );
}
