import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import {
  MEMBER,
  SEND_EMAIL,
  UPDATE_EMAIL,
  openDialog,
  personalApi,
  renderPersonal,
  fill,
  userRoutes,
} from './personal-test-kit';

describe('change or bind the email', () => {
  const api = personalApi();

  it('checks the email format and asks for the code', async () => {
    renderPersonal();
    const dialog = await openDialog('Change email');
    expect(dialog.getByText('Current: lin.wei@example.com')).toBeInTheDocument();
    fill(dialog.getByRole('textbox', { name: 'New email' }), 'lin.wei@');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('Invalid email format')).toBeInTheDocument();
    expect(await dialog.findByText('Please enter the verification code')).toBeInTheDocument();
    expect(api().sent(UPDATE_EMAIL)).toEqual([]);
  });

  it('sends a bind code to the new email and saves it with the code', async () => {
    renderPersonal();
    const dialog = await openDialog('Change email');
    fill(dialog.getByRole('textbox', { name: 'New email' }), 'new@example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(api().sent(SEND_EMAIL)).toEqual([{ email: 'new@example.com', scene: 'bind' }]));

    fill(dialog.getByRole('textbox', { name: 'Verification code' }), '654321');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api().sent(UPDATE_EMAIL)).toEqual([{ email: 'new@example.com', code: '654321' }]));
    expect(await screen.findByText('Changed successfully')).toBeInTheDocument();
  });

  it('binds a first email, worded as binding', async () => {
    const withoutEmail = { ...MEMBER, email: null };
    Object.assign(api().routes, userRoutes(withoutEmail));
    renderPersonal();
    const dialog = await openDialog('Bind email');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('Please enter your email')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    renderPersonal();
    const dialog = await openDialog('修改邮箱');
    fill(dialog.getByRole('textbox', { name: '新邮箱' }), 'not-an-email');
    await userEvent.click(dialog.getByRole('button', { name: '保存' }));

    expect(await dialog.findByText('邮箱格式不正确')).toBeInTheDocument();
    expect(await dialog.findByText('请输入验证码')).toBeInTheDocument();
  });
});
