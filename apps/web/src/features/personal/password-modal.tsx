import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { updatePasswordRequestSchema } from '@portal/shared/api/personal';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { confirmPasswordSchema, passwordSchema } from '@portal/shared/validation/rules';
import { FormModal } from '../../components/form-modal';
import type { FieldErrors } from '../../lib/field-errors';
import { schemaRule } from '../../lib/form-rule';
import { useOfferRecentPasskeyRemoval } from '../account-security/passkeys/recent-passkeys';
import { useUpdatePassword } from './personal-api';
import styles from './personal-page.module.css';

interface PasswordValues {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

interface PasswordModalProps {
  open: boolean;
  onClose(): void;
  onSaved(): void;
}

const FORM_NAME = 'personal-password';

/** The original password is any non-empty string (an old one may predate today's rule). */
const oldPasswordSchema = updatePasswordRequestSchema.shape.oldPassword;

/** Changes the password; the server then signs the user out everywhere else. */
export function PasswordModal({ open, onClose, onSaved }: PasswordModalProps) {
  const { t } = useTranslation();
  const change = useUpdatePassword();
  const offerRecentPasskeyRemoval = useOfferRecentPasskeyRemoval();
  const [form] = Form.useForm<PasswordValues>();

  function submit(values: PasswordValues, underFields: FieldErrors<keyof PasswordValues>) {
    const onError = underFields({
      [ErrorCode.PasswordIncorrect]: 'oldPassword',
      [ErrorCode.PasswordUnchanged]: 'password',
      [ErrorCode.PasswordsDoNotMatch]: 'confirmPassword',
    });
    change.mutate(
      { body: values, options: { onError } },
      {
        onSuccess: ({ recentPasskeys }) => {
          onSaved();
          offerRecentPasskeyRemoval(recentPasskeys);
        },
      },
    );
  }

  return (
    <FormModal
      open={open}
      title={t('personal.changePassword')}
      name={FORM_NAME}
      form={form}
      okText={t('personal.save')}
      busy={change.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className={styles.current}>{t('personal.otherSessionsNote')}</p>
      <Form.Item name="oldPassword" label={t('personal.oldPassword')} rules={[schemaRule(oldPasswordSchema)]}>
        <Input.Password autoFocus autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('personal.newPassword')}
        extra={t('personal.passwordRuleHint')}
        rules={[schemaRule(passwordSchema)]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('personal.confirmPassword')}
        dependencies={['password']}
        rules={[
          schemaRule(confirmPasswordSchema),
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (value && value !== getFieldValue('password')) {
                throw new Error(t('validation.passwordMismatch'));
              }
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
