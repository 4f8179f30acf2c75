import { Form } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { codeSchema } from '@portal/shared/validation/rules';
import { schemaRule } from '../lib/form-rule';
import { CodeInput } from './code-input';
import type { SendCode } from './send-code-button';

interface CodeFieldProps {
  /** The input's id, unique on the page: the label points at it. Defaults to antd's `<form name>_code`. */
  id?: string;
  /** Sends the code with the call options it is given; resolves with the server's cooldown. */
  send: SendCode;
  /** The phone or email field the code goes to: validated before sending. */
  target?: NamePath;
  /** Any other check before sending. */
  beforeSend?: () => Promise<boolean>;
  /** Under the input, e.g. where the code goes. */
  extra?: ReactNode;
  prefix?: ReactNode;
}

/** The form field `code`: a 6-digit code with the get-code button beside it. */
export function CodeField({ id, send, target, beforeSend, extra, prefix }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="code"
      label={t('web.code.label')}
      htmlFor={id}
      extra={extra}
      rules={[schemaRule(codeSchema)]}
      required
    >
      <CodeInput
        id={id}
        prefix={prefix}
        placeholder={t('web.code.placeholder')}
        send={send}
        target={target}
        beforeSend={beforeSend}
      />
    </Form.Item>
  );
}
