import { ConfigProvider, Input, type InputProps, type InputRef } from 'antd';
import { useRef } from 'react';
import { CODE_LENGTH } from '@portal/shared/constants';
import { CodeRow } from './plain/code-row';
import { type SendCode, SendCodeButton } from './plain/send-code-button';

type CodeInputProps = InputProps & {
  /** Sends the code; see SendCodeButton. */
  send: SendCode;
  /** Checks the phone or email before sending; see SendCodeButton. */
  checkTarget: () => boolean | Promise<boolean>;
};

/**
 * The code box and its get-code button as one form control: the Form.Item around it hands the
 * input its id, value and aria-* attributes, so the field's label and error belong to the input.
 */
export function CodeInput({ send, checkTarget, ...input }: CodeInputProps) {
  const box = useRef<InputRef>(null);
  // inside an antd Form (registration, password reset, the personal screens) the button keeps the
  // height of the form's inputs beside it, and is disabled with the form, as antd's Button was
  const { componentSize, componentDisabled } = ConfigProvider.useConfig();
  return (
    <CodeRow>
      <Input
        {...input}
        ref={box}
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={CODE_LENGTH}
        spellCheck={false}
      />
      {/* The button disables itself for the countdown; the focus goes where the code is typed, not to the page. */}
      <SendCodeButton
        send={send}
        checkTarget={checkTarget}
        onSent={() => box.current?.focus()}
        disabled={componentDisabled}
        size={componentSize === 'large' ? 'large' : undefined}
      />
    </CodeRow>
  );
}
