import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import ja from '@portal/shared/locales/ja-JP/messages';
import zh from '@portal/shared/locales/zh-CN/messages';
import { i18n } from '../lib/i18n';
import { antdLocaleOf } from '../lib/language-packs';
import { renderRoutes } from '../test/render-route';
import { ScreenToolbar } from './screen-toolbar';

afterEach(() => i18n.changeLanguage('zh-CN'));

const themeLabels = (messages: typeof zh) =>
  new RegExp(`^(${messages.web.theme.switchToLight}|${messages.web.theme.switchToDark})$`);

it('downloads a language on first use and shows its texts once they are there', async () => {
  // the page started in Chinese: no other language has been fetched
  expect(i18n.hasResourceBundle('zh-CN', 'translation')).toBe(true);
  expect(i18n.hasResourceBundle('ja-JP', 'translation')).toBe(false);
  expect(antdLocaleOf('ja-JP')).toBeUndefined();
  renderRoutes([{ path: '/', element: <ScreenToolbar /> }], '/');
  // the browser's own select, there from the first paint, names the current language
  const select = screen.getByRole('combobox', { name: zh.web.language.label });
  expect(select).toHaveDisplayValue('简体中文');
  expect(
    within(select)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['简体中文', 'English', 'Deutsch', 'Español', 'Italiano', '日本語']);

  await userEvent.selectOptions(select, '日本語');

  expect(await screen.findByRole('combobox', { name: ja.web.language.label })).toHaveDisplayValue('日本語');
  expect(screen.getByRole('button', { name: themeLabels(ja) })).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('ja-JP');
  expect(antdLocaleOf('ja-JP')?.locale).toBe('ja');
});
