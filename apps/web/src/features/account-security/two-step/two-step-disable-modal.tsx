import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type TwoStepDisableRequest, twoStepDisableRequestSchema } from '@portal/shared/api/two-step';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { FormModal } from '../../../components/form-modal';
import type { FieldErrors } from '../../../lib/field-errors';
import { schemaRule } from '../../../lib/form-rule';
import { useDisableTwoStep } from '../account-security-api';
import styles from './two-step.module.css';

interface TwoStepDisableModalProps {
  open: boolean;
  onClose(): void;
  onDisabled(): void;
}

const rules = twoStepDisableRequestSchema.shape;

/** Turning two-step sign-in off: the password and a code of the app or a recovery code. */
export function TwoStepDisableModal({ open, onClose, onDisabled }: TwoStepDisableModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TwoStepDisableRequest>();
  const disable = useDisableTwoStep();

  function submit(values: TwoStepDisableRequest, underFields: FieldErrors<keyof TwoStepDisableRequest>) {
    const onError = underFields({
      [ErrorCode.PasswordIncorrect]: 'password',
      [ErrorCode.TwoStepCodeInvalid]: 'code',
    });
    disable.mutate({ body: values, options: { onError } }, { onSuccess: onDisabled });
  }

  return (
    <FormModal
      open={open}
      title={t('twoStep.disableTitle')}
      name="two-step-disable"
      form={form}
      okText={t('twoStep.turnOff')}
      busy={disable.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className={styles.hint}>{t('twoStep.disableHint')}</p>
      <Form.Item name="password" label={t('twoStep.password')} rules={[schemaRule(rules.password)]}>
        <Input.Password autoFocus autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="code" label={t('twoStep.codeOrRecovery')} rules={[schemaRule(rules.code)]}>
        <Input autoComplete="one-time-code" spellCheck={false} />
      </Form.Item>
    </FormModal>
  );
}
