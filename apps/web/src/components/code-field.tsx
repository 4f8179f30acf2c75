import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { codeSchema } from '@portal/shared/validation/rules';
import { schemaRule } from '../lib/form-rule';
import { CodeInput } from './code-input';

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
    <Form.Item name="code" label={t('web.code.label')} htmlFor={id} rules={[schemaRule(codeSchema)]} required>
      <CodeInput id={id} prefix={prefix} placeholder={t('web.code.placeholder')} send={send} beforeSend={beforeSend} />
    </Form.Item>
  );
}
