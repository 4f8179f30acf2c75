import { Form, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CreatedCompanyInvitation } from '@portal/shared/api/settings';
import { COMPANY_INVITATION_KINDS } from '@portal/shared/api/settings';
import { INVITATION_DEFAULT_HOURS } from '@portal/shared/constants';
import cards from '../../../components/choice-cards.module.css';
import { FormModal } from '../../../components/form-modal';
import type { FieldErrors } from '../../../lib/field-errors';
import { DepartmentSelect } from '../departments/department-select';
import type { Departments } from '../departments/use-departments';
import { useCreateInvitation } from '../settings-api';
import { expiryRule, maxUsesRule } from './invitation-rules';
import styles from './invitations.module.css';

type Kind = (typeof COMPANY_INVITATION_KINDS)[number];

interface Values {
  kind: Kind;
  expiresInHours: number;
  departmentId?: number | null;
  maxUses: number;
}

/** A member link (optionally into a department) or an owner-company link, with its expiry and uses. */
export function InvitationCreateModal({
  open,
  departments,
  onClose,
  onCreated,
}: {
  open: boolean;
  departments: Departments;
  onClose(): void;
  onCreated(link: CreatedCompanyInvitation): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form);
  const create = useCreateInvitation();

  function submit({ kind, expiresInHours, departmentId, maxUses }: Values, underFields: FieldErrors<keyof Values>) {
    const body = { kind, expiresInHours, maxUses, ...(kind === 'member' && departmentId ? { departmentId } : {}) };
    create.mutate({ body, options: { onError: underFields() } }, { onSuccess: (link) => onCreated(link) });
  }

  return (
    <FormModal<Values>
      title={t('settings.invitations.createTitle')}
      name="invitation-create"
      okText={t('settings.invitations.createSubmit')}
      open={open}
      busy={create.isPending}
      form={form}
      initialValues={{ kind: 'member', expiresInHours: INVITATION_DEFAULT_HOURS, maxUses: 1 }}
      onClose={onClose}
      onSubmit={submit}
    >
      <Form.Item name="kind" label={t('settings.invitations.kind')}>
        <Radio.Group className={cards.cards}>
          {COMPANY_INVITATION_KINDS.map((value) => (
            <Radio key={value} value={value} className={cards.card}>
              <span className={cards.name}>{t(`settings.invitations.kinds.${value}`)}</span>
              <span className={cards.hint}>{t(`settings.invitations.kindHints.${value}`)}</span>
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      {kind === 'member' ? (
        <Form.Item name="departmentId" label={t('settings.invitations.department')}>
          <DepartmentSelect tree={departments.tree} emptyLabel={t('settings.members.defaultDepartment')} />
        </Form.Item>
      ) : null}
      <div className={styles.numbers}>
        <Form.Item
          name="expiresInHours"
          label={t('settings.invitations.expiry')}
          rules={[expiryRule]}
          extra={t('settings.invitations.expiryHint')}
          required
        >
          <InputNumber className={styles.number} suffix={t('settings.invitations.hours')} />
        </Form.Item>
        <Form.Item
          name="maxUses"
          label={t('settings.invitations.maxUses')}
          rules={[maxUsesRule]}
          extra={t('settings.invitations.maxUsesHint')}
          required
        >
          <InputNumber className={styles.number} />
        </Form.Item>
      </div>
    </FormModal>
  );
}
