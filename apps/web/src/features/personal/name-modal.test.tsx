import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { fail } from '../../test/fake-api';
import {
  MEMBER,
  UPDATE_NICKNAME,
  openDialog,
  personalApi,
  renderPersonal,
  fill,
  userRoutes,
} from './personal-test-kit';

const CHINESE_25 = '张'.repeat(25);
const CHINESE_26 = '张'.repeat(26);

function setName(dialog: Awaited<ReturnType<typeof openDialog>>, label: string, value: string) {
  fill(dialog.getByRole('textbox', { name: label }), value);
}

describe('change name', () => {
  const api = personalApi();

  it('starts from the current name and asks for one when it is cleared', async () => {
    renderPersonal();
    const dialog = await openDialog('Change name');
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Lin Wei');
    setName(dialog, 'Name', '');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('Please enter your name')).toBeInTheDocument();
    expect(api().sent(UPDATE_NICKNAME)).toEqual([]);
  });

  it('refuses 26 Chinese characters (52 units)', async () => {
    renderPersonal();
    const dialog = await openDialog('Change name');
    setName(dialog, 'Name', CHINESE_26);
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(
      await dialog.findByText('Name can be at most 50 characters (a Chinese character counts as two)'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(api().sent(UPDATE_NICKNAME)).toEqual([]);
  });

  it('accepts 25 Chinese characters, then shows the success and refreshes the stored user', async () => {
    const renamed = { ...MEMBER, nickname: CHINESE_25 };
    renderPersonal();
    const dialog = await openDialog('Change name');
    Object.assign(api().routes, userRoutes(renamed));
    setName(dialog, 'Name', CHINESE_25);
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api().sent(UPDATE_NICKNAME)).toEqual([{ nickname: CHINESE_25 }]));
    expect(await screen.findByText('Changed successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem('_userInfo')!)).toMatchObject({ nickname: CHINESE_25 }),
    );
    expect(screen.getAllByText(CHINESE_25).length).toBeGreaterThan(0);
  });

  it('says it in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    renderPersonal();
    const dialog = await openDialog('修改姓名');
    setName(dialog, '姓名', CHINESE_26);
    await userEvent.click(dialog.getByRole('button', { name: '保存' }));

    expect(await dialog.findByText('姓名最多 50 个字符（一个汉字计为两个字符）')).toBeInTheDocument();
    expect(api().sent(UPDATE_NICKNAME)).toEqual([]);
  });

  it("shows the server's verdict under the name, once: no toast as well", async () => {
    api().routes[UPDATE_NICKNAME] = fail(1000400, { fields: { nickname: 'validation.nameTooLong' } });
    renderPersonal();
    const dialog = await openDialog('Change name');
    setName(dialog, 'Name', 'Lin');
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(
      await dialog.findByText('Name can be at most 50 characters (a Chinese character counts as two)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(api().toasts).not.toHaveBeenCalled();
  });

  it('sends one request at a time, the button busy meanwhile', async () => {
    // the server takes its time: no answer
    delete api().routes[UPDATE_NICKNAME];
    renderPersonal();
    const dialog = await openDialog('Change name');
    const save = dialog.getByRole('button', { name: 'Save' });
    await userEvent.click(save);
    await waitFor(() => expect(save).toHaveClass('ant-btn-loading'));
    await userEvent.click(save);
    expect(api().sent(UPDATE_NICKNAME)).toEqual([{ nickname: 'Lin Wei' }]);
  });
});
