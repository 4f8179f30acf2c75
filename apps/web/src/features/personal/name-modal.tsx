import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAME_MAX_UNITS } from '@portal/shared/constants';
import { nameUnits } from '@portal/shared/validation/name-units';
import { nameSchema } from '@portal/shared/validation/rules';
import { FormModal } from '../../components/form-modal';
import type { FieldErrors } from '../../lib/field-errors';
import { schemaRule } from '../../lib/form-rule';
import { useUpdateNickname } from './personal-api';

interface NameValues {
  nickname: string;
}

interface NameModalProps {
  open: boolean;
  nickname: string;
  onClose(): void;
  onSaved(): void;
}

const FORM_NAME = 'personal-name';

export function NameModal({ open, nickname, onClose, onSaved }: NameModalProps) {
  const { t } = useTranslation();
  const change = useUpdateNickname();
  const [form] = Form.useForm<NameValues>();

  function submit(values: NameValues, underFields: FieldErrors<keyof NameValues>) {
    change.mutate(
      { body: { nickname: values.nickname.trim() }, options: { onError: underFields() } },
      { onSuccess: onSaved },
    );
  }

  return (
    <FormModal
      open={open}
      title={t('personal.changeName')}
      name={FORM_NAME}
      form={form}
      initialValues={{ nickname }}
      okText={t('personal.save')}
      busy={change.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="nickname" label={t('personal.name')} rules={[schemaRule(nameSchema)]}>
        {/* The counter counts as the rule does: a Chinese character takes two of the 50 units. */}
        <Input
          autoFocus
          autoComplete="name"
          placeholder={t('personal.namePlaceholder')}
          count={{ show: true, max: NAME_MAX_UNITS, strategy: nameUnits }}
        />
      </Form.Item>
    </FormModal>
  );
}
