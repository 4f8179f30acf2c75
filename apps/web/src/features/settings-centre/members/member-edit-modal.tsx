import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberRole } from '@portal/shared/api/portal';
import type { Member } from '@portal/shared/api/settings';
import { FormModal } from '../../../components/form-modal';
import type { FieldErrors } from '../../../lib/field-errors';
import { DepartmentSelect } from '../departments/department-select';
import type { Departments } from '../departments/use-departments';
import { useUpdateMember } from '../settings-api';
import { mayBeLastAdmin } from './last-admin';
import { useRoleOptions } from './role-options';

interface Values {
  role: MemberRole;
  departmentId: number | null;
}

/** Changes a member's role and department; only what changed is sent. */
export function MemberEditModal({
  member,
  departments,
  lastAdmin,
  me,
  onClose,
  onSaved,
}: {
  /** The member being edited; null while the dialog is closed. */
  member: Member | null;
  departments: Departments;
  /** The only administrator left cannot become a member (the server refuses it too). */
  lastAdmin: boolean;
  /** The signed-in administrator's user id. */
  me: number | undefined;
  onClose(): void;
  /** `leftAdmins`: one has demoted oneself, and administers the company no more. */
  onSaved(leftAdmins: boolean): void;
}) {
  const { t } = useTranslation();
  const roleOptions = useRoleOptions();
  const [form] = Form.useForm<Values>();
  const update = useUpdateMember();

  function submit(values: Values, underFields: FieldErrors<keyof Values>) {
    if (!member) return;
    const role = values.role !== member.role ? values.role : undefined;
    const departmentId =
      values.departmentId && values.departmentId !== member.departmentId ? values.departmentId : undefined;
    if (!role && !departmentId) {
      onSaved(false);
      return;
    }
    const self = role === 'member' && mayBeLastAdmin(member, me);
    update.mutate(
      { body: { userId: member.userId, role, departmentId }, self, options: { onError: underFields() } },
      {
        onSuccess: (outcome) => {
          if (outcome === 'lastAdmin') form.setFields([{ name: 'role', errors: [t('settings.members.lastAdmin')] }]);
          else onSaved(self);
        },
      },
    );
  }

  return (
    <FormModal<Values>
      title={t('settings.members.editTitle', { name: member?.nickname ?? '' })}
      name="member-edit"
      okText={t('settings.save')}
      open={member !== null}
      busy={update.isPending}
      form={form}
      initialValues={member ? { role: member.role, departmentId: member.departmentId } : {}}
      onClose={onClose}
      onSubmit={submit}
    >
      <Form.Item
        name="role"
        label={t('settings.members.role')}
        extra={lastAdmin ? t('settings.members.lastAdmin') : undefined}
      >
        <Select options={roleOptions} disabled={lastAdmin} />
      </Form.Item>
      <Form.Item name="departmentId" label={t('settings.members.department')}>
        <DepartmentSelect tree={departments.tree} />
      </Form.Item>
    </FormModal>
  );
}
