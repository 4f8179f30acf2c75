import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { type CreateMemberRequest, createMemberRequestSchema } from '@portal/shared/api/settings';
import { FormModal } from '../../../components/form-modal';
import type { FieldErrors } from '../../../lib/field-errors';
import { schemaRule } from '../../../lib/form-rule';
import { DepartmentSelect } from '../departments/department-select';
import type { Departments } from '../departments/use-departments';
import { useCreateMember } from '../settings-api';
import { useRoleOptions } from './role-options';

type Values = Pick<CreateMemberRequest, 'account' | 'nickname' | 'password' | 'role'> & {
  phone?: string;
  email?: string;
  departmentId?: number | null;
};

const rules = createMemberRequestSchema.shape;

/** An account the administrator hands out, for account-and-password sign-in. */
export function MemberCreateModal({
  open,
  departments,
  onClose,
  onCreated,
}: {
  open: boolean;
  departments: Departments;
  onClose(): void;
  onCreated(): void;
}) {
  const { t } = useTranslation();
  const roleOptions = useRoleOptions();
  const create = useCreateMember();

  function submit({ phone, email, departmentId, ...values }: Values, underFields: FieldErrors<keyof Values>) {
    const body = {
      ...values,
      ...(phone?.trim() ? { phone } : {}),
      ...(email?.trim() ? { email } : {}),
      ...(departmentId ? { departmentId } : {}),
    };
    create.mutate({ body, options: { onError: underFields() } }, { onSuccess: () => onCreated() });
  }

  return (
    <FormModal<Values>
      title={t('settings.members.createTitle')}
      name="member-create"
      okText={t('settings.members.createSubmit')}
      open={open}
      busy={create.isPending}
      initialValues={{ role: 'member', departmentId: departments.defaultId }}
      onClose={onClose}
      onSubmit={submit}
    >
      <p>{t('settings.members.createHint')}</p>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="account" label={t('settings.members.account')} rules={[schemaRule(rules.account)]} required>
            <Input autoComplete="off" placeholder={t('settings.members.accountPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="nickname" label={t('settings.members.name')} rules={[schemaRule(rules.nickname)]} required>
            <Input autoComplete="off" placeholder={t('settings.members.namePlaceholder')} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="password"
        label={t('settings.members.password')}
        rules={[schemaRule(rules.password)]}
        extra={t('settings.members.passwordHint')}
        required
      >
        <Input.Password autoComplete="new-password" placeholder={t('settings.members.passwordPlaceholder')} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="phone" label={t('settings.members.phone')} rules={[schemaRule(rules.phone)]}>
            <Input type="tel" autoComplete="off" placeholder={t('settings.members.optional')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="email" label={t('settings.members.email')} rules={[schemaRule(rules.email)]}>
            <Input type="email" autoComplete="off" placeholder={t('settings.members.optional')} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="role" label={t('settings.members.role')}>
            <Select options={roleOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="departmentId" label={t('settings.members.department')}>
            <DepartmentSelect tree={departments.tree} emptyLabel={t('settings.members.defaultDepartment')} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
