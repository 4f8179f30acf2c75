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
const api = await import('./personal-api');
const sessionApi = await import('../../session/session-api');

const CHINESE_25 = '张'.repeat(25);
const CHINESE_26 = '张'.repeat(26);

async function typeName(dialog: Awaited<ReturnType<typeof openDialog>>, label: string, value: string) {
  const input = dialog.getByRole('textbox', { name: label });
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

describe('change name', () => {
  beforeEach(async () => {
    vi.mocked(sessionApi.fetchCurrentUser).mockResolvedValue(MEMBER);
    vi.mocked(api.fetchAllowModifyPassword).mockResolvedValue({ allowed: true });
    vi.mocked(api.updateNickname).mockReset().mockResolvedValue(null);
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    useSession.getState().clear();
    await i18n.changeLanguage('zh-CN');
  });

  it('starts from the current name and asks for one when it is cleared', async () => {
    renderPersonal();
    const dialog = await openDialog('Change name');
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Lin Wei');
    await typeName(dialog, 'Name', '');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('Please enter your name')).toBeInTheDocument();
    expect(api.updateNickname).not.toHaveBeenCalled();
  });

  it('refuses 26 Chinese characters (52 units)', async () => {
    renderPersonal();
    const dialog = await openDialog('Change name');
    await typeName(dialog, 'Name', CHINESE_26);
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(
      await dialog.findByText('Name can be at most 50 characters (a Chinese character counts as two)'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.updateNickname).not.toHaveBeenCalled();
  });

  it('accepts 25 Chinese characters, then shows the success and refreshes the stored user', async () => {
    const renamed = { ...MEMBER, nickname: CHINESE_25 };
    renderPersonal();
    const dialog = await openDialog('Change name');
    vi.mocked(sessionApi.fetchCurrentUser).mockResolvedValue(renamed);
    await typeName(dialog, 'Name', CHINESE_25);
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.updateNickname).toHaveBeenCalledExactlyOnceWith({ nickname: CHINESE_25 }));
    expect(await screen.findByText('Changed successfully')).toBeInTheDocument();
    await waitFor(() => expect(useSession.getState().userInfo?.nickname).toBe(CHINESE_25));
    expect(JSON.parse(window.localStorage.getItem('_userInfo')!)).toMatchObject({ nickname: CHINESE_25 });
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    renderPersonal();
    const dialog = await openDialog('修改姓名');
    await typeName(dialog, '姓名', CHINESE_26);
    await userEvent.click(dialog.getByRole('button', { name: '保存' }));

    expect(await dialog.findByText('姓名最多 50 个字符（一个汉字计为两个字符）')).toBeInTheDocument();
    expect(api.updateNickname).not.toHaveBeenCalled();
  });
});
