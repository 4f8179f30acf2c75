import { Input, type InputProps, Space } from 'antd';
import { CODE_LENGTH } from '@portal/shared/constants';
import { SendCodeButton } from './send-code-button';

type CodeInputProps = InputProps & {
  /** Sends the code; see SendCodeButton. */
  send: () => Promise<{ cooldownSeconds: number }>;
  /** Checks the phone or email field first, so that no code goes to a malformed target. */
  beforeSend?: () => Promise<boolean>;
};

/**
 * The code box and its get-code button as one form control: the Form.Item around it hands the
 * input its id, value and aria-* attributes, so the field's label and error belong to the input.
 */
export function CodeInput({ send, beforeSend, ...input }: CodeInputProps) {
  return (
    <Space.Compact block>
      <Input {...input} autoComplete="one-time-code" inputMode="numeric" maxLength={CODE_LENGTH} spellCheck={false} />
      <SendCodeButton send={send} beforeSend={beforeSend} />
    </Space.Compact>
  );
}
