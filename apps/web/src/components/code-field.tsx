import { Form, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '@portal/shared/constants';
import { codeSchema } from '@portal/shared/validation/rules';
import { schemaRule } from '../lib/form-rule';
import { SendCodeButton } from './send-code-button';

interface CodeFieldProps {
  /** The input's id, unique on the page: the label points at it. */
  id: string;
  /** Sends the code; resolves with the server's cooldown. */
  send: () => Promise<{ cooldownSeconds: number }>;
  /** Checked before sending, e.g. that the phone field is valid. */
  beforeSend?: () => Promise<boolean>;
  prefix?: ReactNode;
}

/** The form field `code`: a 6-digit code with the get-code button beside it. */
export function CodeField({ id, send, beforeSend, prefix }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    // The label belongs to the input, not to the row with the button: htmlFor names it.
    <Form.Item label={t('web.code.label')} htmlFor={id} required>
      <Space.Compact block>
        <Form.Item name="code" noStyle rules={[schemaRule(codeSchema)]}>
          <Input
            id={id}
            prefix={prefix}
            placeholder={t('web.code.placeholder')}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={CODE_LENGTH}
          />
        </Form.Item>
        <SendCodeButton send={send} beforeSend={beforeSend} />
      </Space.Compact>
    </Form.Item>
  );
}
