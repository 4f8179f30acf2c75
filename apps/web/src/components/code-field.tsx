import { Form, type FormItemProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { checkCode } from '@portal/shared/validation/field-checks';
import { checkRule } from '../lib/form-rule';
import { CodeInput } from './code-input';
import type { SendCode } from './plain/send-code-button';

interface CodeFieldProps {
  /** Sends the code with the call options it is given; resolves with the server's cooldown. */
  send: SendCode;
  /** The phone or email field the code goes to: validated before sending. */
  target: NonNullable<FormItemProps['name']>;
  /** Under the input, e.g. where the code goes. */
  extra?: ReactNode;
  prefix?: ReactNode;
}

/**
 * The form field `code`: a 6-digit code with the get-code button beside it. Every form that sends a
 * code uses this one, so that each checks its phone or email the same way before sending.
 */
export function CodeField({ send, target, extra, prefix }: CodeFieldProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <Form.Item name="code" label={t('web.code.label')} extra={extra} rules={[checkRule(checkCode)]} required>
      <CodeInput
        prefix={prefix}
        placeholder={t('web.code.placeholder')}
        send={send}
        checkTarget={() =>
          form.validateFields([target]).then(
            () => true,
            () => false,
          )
        }
      />
    </Form.Item>
  );
}
