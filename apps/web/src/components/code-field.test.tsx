import { StyleProvider, createCache } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Form, type FormProps } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { CodeField } from './code-field';
import { FeedbackProvider } from './feedback';
import { PhoneField } from './phone-field';
import type { SendCode } from './plain/send-code-button';

function renderFields(phone: string, send: SendCode, form: FormProps = {}) {
  render(
    <StyleProvider cache={createCache()} mock="server">
      <QueryClientProvider client={new QueryClient()}>
        <FeedbackProvider>
          <Form name="f" initialValues={{ phone }} {...form}>
            <PhoneField label="Phone number" />
            <CodeField send={send} target="phone" />
          </Form>
        </FeedbackProvider>
      </QueryClientProvider>
    </StyleProvider>,
  );
}

describe('CodeField', () => {
  beforeEach(() => i18n.changeLanguage('en-US'));

  it('moves the focus to the code box once the code is on its way', async () => {
    const send = vi.fn().mockResolvedValue({ cooldownSeconds: 60 });
    renderFields('13800138000', send);
    const button = screen.getByRole('button', { name: 'Get code' });
    button.focus();
    await act(async () => fireEvent.click(button));

    expect(send).toHaveBeenCalledOnce();
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toHaveFocus();
  });

  it('checks the phone field before sending, and sends nothing to a malformed one', async () => {
    const send = vi.fn();
    renderFields('12345', send);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get code' })));

    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Phone number' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Verification code' })).not.toHaveFocus();
  });

  it('disables the get-code button with the form around it, and gives it the size of the form', () => {
    renderFields('13800138000', vi.fn(), { size: 'large', disabled: true });
    const button = screen.getByRole('button', { name: 'Get code' });
    expect(button).toBeDisabled();
    // the large size's class (CSS modules keep the class's name in it)
    expect(button.className).toMatch(/large/);
  });
});
