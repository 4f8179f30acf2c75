import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button, Drawer, Empty, Form, Grid, Input, Radio, Select, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SITE_TEMPLATE_KEYS,
  type SiteAssignment,
  type SiteRoleTemplate,
  templateWithin,
} from '@portal/shared/api/sites';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { useFeedback } from '../../../components/feedback';
import { useFieldErrors } from '../../../lib/field-errors';
import { formatDate } from '../../../lib/format-date';
import { DepartmentSelect } from '../departments/department-select';
import type { Departments } from '../departments/use-departments';
import { membersQuery } from '../settings-api';
import tabStyles from '../settings-tab.module.css';
import { fromLocalInput, toLocalInput } from '../sites/moments';
import styles from '../sites/sites.module.css';
import { assignmentsQuery, useAddAssignment, useRemoveAssignment } from './shared-with-us-api';

/** The people offered at once; typing a name asks the server for those it matches. */
const PEOPLE_SHOWN = 20;

interface Values {
  who: 'person' | 'department';
  userId?: number;
  departmentId?: number;
  template: SiteRoleTemplate;
  endsAt?: string;
}

/**
 * What is given to people: a grant the company holds (never wider than it), or a site of the
 * company's own, which its members reach only by an assignment (any template, any end).
 */
export type AssignTarget = { siteName: string } & (
  { grantId: string; template: SiteRoleTemplate; endsAt: string | null } | { siteId: string }
);

/**
 * Who in this company holds a grant or an own site: the people and departments it was given to, each
 * with its template and end, and a form to give it to one more, never wider than the grant (its
 * templates within the grant's, its end no later; empty: as long as the grant).
 */
export function AssignDrawer({
  target,
  departments,
  onClose,
}: {
  target: AssignTarget | null;
  departments: Departments;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().sm === false;
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      placement="right"
      size={phone ? '100%' : 560}
      title={target ? t('sites.assign.title', { name: target.siteName }) : ''}
      destroyOnHidden
    >
      {target ? <Assignments target={target} departments={departments} /> : null}
    </Drawer>
  );
}

function Assignments({ target, departments }: { target: AssignTarget; departments: Departments }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const of = 'grantId' in target ? { grantId: target.grantId } : { siteId: target.siteId };
  // an own site: every template, and no end but the one chosen
  const grant = 'grantId' in target ? target : { template: 'owner' as const, endsAt: null };
  const list = useQuery(assignmentsQuery(of));
  const add = useAddAssignment();
  const remove = useRemoveAssignment();
  const [form] = Form.useForm<Values>();
  const underFields = useFieldErrors(form);
  const who = Form.useWatch('who', form) ?? 'person';
  const [search, setSearch] = useState('');
  const people = useInfiniteQuery({ ...membersQuery(search, PEOPLE_SHOWN), enabled: who === 'person' });
  const templates = SITE_TEMPLATE_KEYS.filter((key) => templateWithin(key, grant.template));
  const latest = grant.endsAt ? toLocalInput(grant.endsAt) : undefined;
  const items = list.data?.items;

  function submit(values: Values) {
    add.mutate(
      {
        body: {
          ...of,
          ...(values.who === 'person' ? { userId: values.userId } : { departmentId: values.departmentId }),
          template: values.template,
          endsAt: fromLocalInput(values.endsAt) ?? null,
        },
        options: {
          onError: underFields({
            [ErrorCode.AssignmentExists]: values.who === 'person' ? 'userId' : 'departmentId',
            [ErrorCode.GrantWider]: 'template',
            [ErrorCode.GrantEndsLater]: 'endsAt',
            [ErrorCode.GrantTimesInvalid]: 'endsAt',
          }),
        },
      },
      {
        onSuccess: (added) => {
          message.success(t('sites.assign.added', { name: added.name }));
          form.resetFields();
        },
      },
    );
  }

  function unassign(assignment: SiteAssignment) {
    remove.mutate(
      { body: { id: assignment.id } },
      { onSuccess: () => message.success(t('sites.assign.removed', { name: assignment.name })) },
    );
  }

  return (
    <div className={styles.chain}>
      <p className={tabStyles.muted}>
        {'siteId' in of
          ? t('sites.assign.hintOwn')
          : grant.endsAt
            ? t('sites.assign.hintUntil', {
                template: t(`sites.templates.${grant.template}`),
                time: formatDate(grant.endsAt),
              })
            : t('sites.assign.hintOpen', { template: t(`sites.templates.${grant.template}`) })}
      </p>
      <h3 className={styles.chainHeading}>{t('sites.assign.current', { count: items?.length ?? 0 })}</h3>
      {!items ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {items?.length === 0 ? <Empty description={t('sites.assign.empty')} /> : null}
      <ul className={styles.assignments}>
        {items?.map((assignment) => (
          <li key={assignment.id} className={styles.assignment} aria-label={assignment.name}>
            <div className={styles.cardHead}>
              <div className={styles.cardName}>
                <p className={styles.strong}>{assignment.name}</p>
                <p className={tabStyles.muted}>
                  {assignment.userId === null ? t('sites.assign.department') : t('sites.assign.person')}
                  {' · '}
                  {assignment.endsAt
                    ? t('sites.assign.until', { time: formatDate(assignment.endsAt) })
                    : 'siteId' in of
                      ? t('sites.assign.openEnded')
                      : t('sites.assign.asLongAsGrant')}
                </p>
              </div>
              <Tag variant="filled">{t(`sites.templates.${assignment.template}`)}</Tag>
            </div>
            <Button
              className={styles.linkAction}
              icon={<DeleteOutlined aria-hidden="true" />}
              aria-label={t('sites.assign.removeLabel', { name: assignment.name })}
              loading={remove.isPending && remove.variables?.body.id === assignment.id}
              onClick={() => unassign(assignment)}
            >
              {t('sites.assign.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <h3 className={styles.chainHeading}>{t('sites.assign.add')}</h3>
      <Form<Values>
        form={form}
        name="site-assignment"
        layout="vertical"
        initialValues={{ who: 'person', template: grant.template }}
        onFinish={(values) => {
          if (!add.isPending) submit(values);
        }}
      >
        <Form.Item name="who" label={t('sites.assign.who')}>
          <Radio.Group
            options={[
              { value: 'person', label: t('sites.assign.person') },
              { value: 'department', label: t('sites.assign.department') },
            ]}
          />
        </Form.Item>
        {who === 'person' ? (
          <Form.Item
            name="userId"
            label={t('sites.assign.person')}
            // a hint under the field rather than a placeholder, which antd's select draws too faint
            extra={t('sites.assign.personPlaceholder')}
            rules={[{ required: true, message: t('sites.assign.personRequired') }]}
          >
            <Select
              showSearch={{ filterOption: false, onSearch: (word) => setSearch(word.trim()) }}
              loading={people.isFetching}
              options={people.data?.pages
                .flatMap((page) => page.items)
                .map((member) => ({
                  value: member.userId,
                  label: member.account ? `${member.nickname} (${member.account})` : member.nickname,
                }))}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="departmentId"
            label={t('sites.assign.department')}
            rules={[{ required: true, message: t('sites.assign.departmentRequired') }]}
          >
            <DepartmentSelect tree={departments.tree} />
          </Form.Item>
        )}
        <Form.Item name="template" label={t('sites.share.template')} rules={[{ required: true }]}>
          <Select
            options={templates.map((key) => ({
              value: key,
              label: `${t(`sites.templates.${key}`)} · ${t(`sites.templateHints.${key}`)}`,
            }))}
          />
        </Form.Item>
        <Form.Item
          name="endsAt"
          label={t('sites.share.endsAt')}
          extra={'siteId' in of ? t('sites.assign.endsAtHintOwn') : t('sites.assign.endsAtHint')}
          rules={[
            {
              validator: (_, value?: string) =>
                latest && value && value > latest
                  ? Promise.reject(new Error(t('sites.share.endsAtLater')))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input type="datetime-local" max={latest} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending} icon={<PlusOutlined aria-hidden="true" />}>
          {t('sites.assign.submit')}
        </Button>
      </Form>
    </div>
  );
}
