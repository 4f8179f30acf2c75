import { Form, Select, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MemberRole } from '@portal/shared/api/portal';
import type { Member } from '@portal/shared/api/settings';
import { departmentOptions } from '../departments/department-tree';
import type { Departments } from '../departments/use-departments';
import { FormModal } from '../form-modal';
import { updateMember } from '../settings-api';
import { hasOtherAdmin, mayBeLastAdmin } from './last-admin';
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
  onSaved(member: Member, values: Values): void;
}) {
  const { t } = useTranslation();
  const roleOptions = useRoleOptions();
  const [form] = Form.useForm<Values>();

  async function submit(values: Values) {
    if (!member) return;
    const role = values.role !== member.role ? values.role : undefined;
    if (role === 'member' && mayBeLastAdmin(member, me) && !(await hasOtherAdmin(member.userId))) {
      form.setFields([{ name: 'role', errors: [t('settings.members.lastAdmin')] }]);
      return false;
    }
    const departmentId =
      values.departmentId && values.departmentId !== member.departmentId ? values.departmentId : undefined;
    if (role || departmentId) await updateMember({ userId: member.userId, role, departmentId });
    onSaved(member, values);
  }

  return (
    <FormModal<Values>
      title={t('settings.members.editTitle', { name: member?.nickname ?? '' })}
      okText={t('settings.save')}
      open={member !== null}
      form={form}
      initialValues={member ? { role: member.role, departmentId: member.departmentId ?? departments.defaultId } : {}}
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
        <TreeSelect treeData={departmentOptions(departments.tree)} treeDefaultExpandAll />
      </Form.Item>
    </FormModal>
  );
}
