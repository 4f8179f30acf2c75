import { type InputProps, type InputRef, Space } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useRef } from 'react';
import { CODE_LENGTH } from '@portal/shared/constants';
import { type SendCode, SendCodeButton } from './send-code-button';
import { Input } from './text-input';

type CodeInputProps = InputProps & {
  /** Sends the code; see SendCodeButton. */
  send: SendCode;
  /** The phone or email field, validated before sending; see SendCodeButton. */
  target: NamePath;
};

/**
 * The code box and its get-code button as one form control: the Form.Item around it hands the
 * input its id, value and aria-* attributes, so the field's label and error belong to the input.
 */
export function CodeInput({ send, target, ...input }: CodeInputProps) {
  const box = useRef<InputRef>(null);
  return (
    <Space.Compact block>
      <Input
        {...input}
        ref={box}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={CODE_LENGTH}
        spellCheck={false}
      />
      {/* The button disables itself for the countdown; the focus goes where the code is typed, not to the page. */}
      <SendCodeButton send={send} target={target} onSent={() => box.current?.focus()} />
    </Space.Compact>
  );
}
