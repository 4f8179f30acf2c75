import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { fail } from '../../test/fake-api';
import {
  MEMBER,
  SEND_EMAIL,
  SEND_SMS,
  UPDATE_EMAIL,
  UPDATE_PHONE,
  openDialog,
  personalApi,
  renderPersonal,
  fill,
  userRoutes,
} from './personal-test-kit';

describe('change or bind the phone', () => {
  const api = personalApi();

  it('checks the phone format and asks for the code', async () => {
    renderPersonal();
    const dialog = await openDialog('Change phone number');
    expect(dialog.getByText('Current: 13912345678')).toBeInTheDocument();
    fill(dialog.getByRole('textbox', { name: 'New phone number' }), '12345');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('Invalid phone number format')).toBeInTheDocument();
    expect(await dialog.findByText('Please enter the verification code')).toBeInTheDocument();
    expect(api().sent(UPDATE_PHONE)).toEqual([]);
  });

  it('sends no code to a malformed phone, and a bind code to a valid new one', async () => {
    renderPersonal();
    const dialog = await openDialog('Change phone number');
    const phone = dialog.getByRole('textbox', { name: 'New phone number' });
    fill(phone, '1391234');
    await userEvent.click(dialog.getByRole('button', { name: 'Get code' }));
    expect(await dialog.findByText('Invalid phone number format')).toBeInTheDocument();
    expect(api().sent(SEND_SMS)).toEqual([]);

    fill(phone, '13912340000');
    await userEvent.click(dialog.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(api().sent(SEND_SMS)).toEqual([{ phone: '13912340000', scene: 'bind' }]));
    expect(await dialog.findByRole('button', { name: 'Resend in 60 s' })).toBeDisabled();
  });

  it('checks the code format', async () => {
    renderPersonal();
    const dialog = await openDialog('Change phone number');
    fill(dialog.getByRole('textbox', { name: 'New phone number' }), '13912340000');
    fill(dialog.getByRole('textbox', { name: 'Verification code' }), '12a');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('The verification code is 6 digits')).toBeInTheDocument();
    expect(api().sent(UPDATE_PHONE)).toEqual([]);
  });

  it('names the colleague who holds the phone (1009106 with boundTo)', async () => {
    api().routes[UPDATE_PHONE] = fail(1009106, { boundTo: { nickname: '张*', account: 'ad***n' } });
    renderPersonal();
    const dialog = await openDialog('Change phone number');
    fill(dialog.getByRole('textbox', { name: 'New phone number' }), '13912340000');
    fill(dialog.getByRole('textbox', { name: 'Verification code' }), '123456');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(
      await dialog.findByText('This phone number is already bound to another account in your company: 张* (ad***n)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // said once, under the field: no toast as well
    expect(api().toasts).not.toHaveBeenCalled();
  });

  it('binds a first phone, worded as binding', async () => {
    const withoutPhone = { ...MEMBER, phone: null, phoneCertified: false };
    Object.assign(api().routes, userRoutes(withoutPhone));
    renderPersonal();
    expect(await screen.findByText('Not bound')).toBeInTheDocument();
    const dialog = await openDialog('Bind phone number');
    expect(screen.getByRole('dialog', { name: 'Bind phone number' })).toBeInTheDocument();
    Object.assign(api().routes, userRoutes({ ...MEMBER, phone: '13912340000' }));
    fill(dialog.getByRole('textbox', { name: 'Phone number' }), '13912340000');
    fill(dialog.getByRole('textbox', { name: 'Verification code' }), '123456');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api().sent(UPDATE_PHONE)).toEqual([{ phone: '13912340000', code: '123456' }]));
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    expect(await screen.findByText('13912340000')).toBeInTheDocument();
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    renderPersonal();
    const dialog = await openDialog('修改手机号');
    fill(dialog.getByRole('textbox', { name: '新手机号' }), '12345');
    await userEvent.click(dialog.getByRole('button', { name: '保存' }));

    expect(await dialog.findByText('手机号格式不正确')).toBeInTheDocument();
    expect(await dialog.findByText('请输入验证码')).toBeInTheDocument();
  });
});

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
