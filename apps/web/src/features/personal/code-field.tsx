import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { codeSchema } from '@portal/shared/validation/rules';
import { CodeInput } from '../../components/code-input';
import type { SendCode } from '../../components/send-code-button';
import { schemaRule } from '../../lib/form-rule';

interface CodeFieldProps {
  /** Where the code goes, said under the field. */
  hint: string;
  /** Sends the code with the call options it is given, so that the button says a cooldown its own way. */
  send: SendCode;
  /** Validates the target field first, so that no code is requested for a malformed phone or email. */
  beforeSend: () => Promise<boolean>;
}

/** The verification code of a change, with the get-code button; the item gives the input its id and
 *  error attributes, so label and message belong to the input. */
export function CodeField({ hint, send, beforeSend }: CodeFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item name="code" label={t('personal.code')} extra={hint} rules={[schemaRule(codeSchema)]}>
      <CodeInput placeholder={t('personal.codePlaceholder')} send={send} beforeSend={beforeSend} />
    </Form.Item>
  );
}
