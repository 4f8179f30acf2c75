import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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

describe('change or bind the email', () => {
  beforeEach(async () => {
    vi.mocked(sessionApi.fetchCurrentUser).mockResolvedValue(MEMBER);
    vi.mocked(api.fetchAllowModifyPassword).mockResolvedValue({ allowed: true });
    vi.mocked(api.updateEmail).mockReset().mockResolvedValue(null);
    vi.mocked(codeApi.sendEmailCode).mockReset().mockResolvedValue({ cooldownSeconds: 60 });
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    useSession.getState().clear();
    await i18n.changeLanguage('zh-CN');
  });

  it('checks the email format and asks for the code', async () => {
    renderPersonal();
    const dialog = await openDialog('Change email');
    expect(dialog.getByText('Current: lin.wei@example.com')).toBeInTheDocument();
    await userEvent.type(dialog.getByRole('textbox', { name: 'New email' }), 'lin.wei@');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('Invalid email format')).toBeInTheDocument();
    expect(await dialog.findByText('Please enter the verification code')).toBeInTheDocument();
    expect(api.updateEmail).not.toHaveBeenCalled();
  });

  it('sends a bind code to the new email and saves it with the code', async () => {
    renderPersonal();
    const dialog = await openDialog('Change email');
    await userEvent.type(dialog.getByRole('textbox', { name: 'New email' }), 'new@example.com');
    await userEvent.click(dialog.getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(codeApi.sendEmailCode).toHaveBeenCalledExactlyOnceWith('new@example.com', 'bind'));

    await userEvent.type(dialog.getByRole('textbox', { name: 'Verification code' }), '654321');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.updateEmail).toHaveBeenCalledExactlyOnceWith({ email: 'new@example.com', code: '654321' }),
    );
    expect(await screen.findByText('Changed successfully')).toBeInTheDocument();
  });

  it('binds a first email, worded as binding', async () => {
    const withoutEmail = { ...MEMBER, email: null };
    vi.mocked(sessionApi.fetchCurrentUser).mockResolvedValue(withoutEmail);
    renderPersonal(withoutEmail);
    const dialog = await openDialog('Bind email');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('Please enter your email')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    renderPersonal();
    const dialog = await openDialog('修改邮箱');
    await userEvent.type(dialog.getByRole('textbox', { name: '新邮箱' }), 'not-an-email');
    await userEvent.click(dialog.getByRole('button', { name: '保存' }));

    expect(await dialog.findByText('邮箱格式不正确')).toBeInTheDocument();
    expect(await dialog.findByText('请输入验证码')).toBeInTheDocument();
  });
});
