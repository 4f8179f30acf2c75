import { Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '@portal/shared/constants';
import { codeSchema } from '@portal/shared/validation/rules';
import { SendCodeButton } from '../../components/send-code-button';
import { schemaRule } from '../../lib/form-rule';

interface CodeFieldProps {
  /** The name of the surrounding form, which antd prefixes to the input's id. */
  formName: string;
  /** Where the code goes, said under the field. */
  hint: string;
  send: () => Promise<{ cooldownSeconds: number }>;
  /** Validates the target field first, so that no code is requested for a malformed phone or email. */
  beforeSend: () => Promise<boolean>;
}

/** The verification code input with its get-code button beside it. */
export function CodeField({ formName, hint, send, beforeSend }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    // The outer item only lays out; `htmlFor` ties its label to the inner item's input.
    <Form.Item label={t('personal.code')} htmlFor={`${formName}_code`} extra={hint}>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={[schemaRule(codeSchema)]}>
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={CODE_LENGTH}
            placeholder={t('personal.codePlaceholder')}
          />
        </Form.Item>
        <SendCodeButton send={send} beforeSend={beforeSend} />
      </Space.Compact>
    </Form.Item>
  );
}
