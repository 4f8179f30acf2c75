import { LockOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmPasswordSchema, passwordSchema, passwordsMatch } from '@portal/shared/validation/rules';
import { schemaRule } from '../lib/form-rule';

interface NewPasswordLabels {
  password: string;
  /** The password rule, shown in full under the field: as a placeholder it was cut on a phone and gone once typing began. */
  passwordRule: string;
  confirmPassword: string;
  confirmPasswordPlaceholder: string;
}

/** A new password and its confirmation (fields `password`, `confirmPassword`), checked by the shared rules. */
export function NewPasswordFields({ labels }: { labels: NewPasswordLabels }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="password"
        label={labels.password}
        extra={labels.passwordRule}
        rules={[schemaRule(passwordSchema)]}
        required
      >
        <Input.Password prefix={<LockOutlined aria-hidden="true" />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={labels.confirmPassword}
        // a change of the password re-checks a confirmation already typed
        dependencies={['password']}
        required
        rules={[
          schemaRule(confirmPasswordSchema),
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              const password = String(getFieldValue('password') ?? '');
              if (value && !passwordsMatch({ password, confirmPassword: String(value) })) {
                throw new Error(t('validation.passwordMismatch'));
              }
            },
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined aria-hidden="true" />}
          placeholder={labels.confirmPasswordPlaceholder}
          autoComplete="new-password"
        />
      </Form.Item>
    </>
  );
}
