import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';
import { i18n } from '../../lib/i18n';
import { useSession } from '../../stores/session-store';
import { MEMBER, openDialog, renderPersonal } from './personal-test-kit';

vi.mock('../../session/session-api', () => ({ fetchCurrentUser: vi.fn() }));
vi.mock('./personal-api', () => ({
  fetchAllowModifyPassword: vi.fn(),
  updateNickname: vi.fn(),
  updatePhone: vi.fn(),
  updateEmail: vi.fn(),
  updatePassword: vi.fn(),
}));
vi.mock('../../lib/code-api', () => ({ sendSmsCode: vi.fn(), sendEmailCode: vi.fn() }));
const api = await import('./personal-api');
const sessionApi = await import('../../session/session-api');
const codeApi = await import('../../lib/code-api');

describe('change or bind the phone', () => {
  beforeEach(async () => {
    vi.mocked(sessionApi.fetchCurrentUser).mockResolvedValue(MEMBER);
    vi.mocked(api.fetchAllowModifyPassword).mockResolvedValue({ allowed: true });
    vi.mocked(api.updatePhone).mockReset().mockResolvedValue(null);
    vi.mocked(codeApi.sendSmsCode).mockReset().mockResolvedValue({ cooldownSeconds: 60 });
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    useSession.getState().clear();
    await i18n.changeLanguage('zh-CN');
  });

  it('checks the phone format and asks for the code', async () => {
    renderPersonal();
    const dialog = await openDialog('Change phone number');
    expect(dialog.getByText('Current: 13912345678')).toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: 'New phone number' }), '12345');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('Invalid phone number format')).toBeInTheDocument();
    expect(await dialog.findByText('Please enter the verification code')).toBeInTheDocument();
    expect(api.updatePhone).not.toHaveBeenCalled();
  });

  it('sends no code to a malformed phone, and a bind code to a valid new one', async () => {
    renderPersonal();
    const dialog = await openDialog('Change phone number');
    const phone = dialog.getByRole('textbox', { name: 'New phone number' });
    await userEvent.type(phone, '1391234');
    await userEvent.click(dialog.getByRole('button', { name: 'Get code' }));
    expect(await dialog.findByText('Invalid phone number format')).toBeInTheDocument();
    expect(codeApi.sendSmsCode).not.toHaveBeenCalled();

    await userEvent.type(phone, '0000');
    await userEvent.click(dialog.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(codeApi.sendSmsCode).toHaveBeenCalledExactlyOnceWith('13912340000', 'bind'));
    expect(await dialog.findByRole('button', { name: 'Resend in 60 s' })).toBeDisabled();
  });

  it('checks the code format', async () => {
    renderPersonal();
    const dialog = await openDialog('Change phone number');
    await userEvent.type(dialog.getByRole('textbox', { name: 'New phone number' }), '13912340000');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Verification code' }), '12a');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('The verification code is 6 digits')).toBeInTheDocument();
    expect(api.updatePhone).not.toHaveBeenCalled();
  });

  it('names the colleague who holds the phone (1009106 with boundTo)', async () => {
    vi.mocked(api.updatePhone).mockRejectedValue(
      new ApiError(1009106, 'Phone already bound', { boundTo: { nickname: '张*', account: 'ad***n' } }),
    );
    renderPersonal();
    const dialog = await openDialog('Change phone number');
    await userEvent.type(dialog.getByRole('textbox', { name: 'New phone number' }), '13912340000');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Verification code' }), '123456');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(
      await dialog.findByText('This phone number is already bound to another account in your company: 张* (ad***n)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('binds a first phone, worded as binding', async () => {
    const withoutPhone = { ...MEMBER, phone: null, phoneCertified: false };
    vi.mocked(sessionApi.fetchCurrentUser).mockResolvedValue(withoutPhone);
    renderPersonal(withoutPhone);
    expect(await screen.findByText('Not bound')).toBeInTheDocument();
    const dialog = await openDialog('Bind phone number');
    expect(screen.getByRole('dialog', { name: 'Bind phone number' })).toBeInTheDocument();
    vi.mocked(sessionApi.fetchCurrentUser).mockResolvedValue({ ...MEMBER, phone: '13912340000' });
    await userEvent.type(dialog.getByRole('textbox', { name: 'Phone number' }), '13912340000');
    await userEvent.type(dialog.getByRole('textbox', { name: 'Verification code' }), '123456');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(api.updatePhone).toHaveBeenCalledExactlyOnceWith({ phone: '13912340000', code: '123456' }),
    );
    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    await waitFor(() => expect(useSession.getState().userInfo?.phone).toBe('13912340000'));
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    renderPersonal();
    const dialog = await openDialog('修改手机号');
    await userEvent.type(dialog.getByRole('textbox', { name: '新手机号' }), '12345');
    await userEvent.click(dialog.getByRole('button', { name: '保存' }));

    expect(await dialog.findByText('手机号格式不正确')).toBeInTheDocument();
    expect(await dialog.findByText('请输入验证码')).toBeInTheDocument();
  });
});
