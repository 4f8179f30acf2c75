import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import type { Department } from '@portal/shared/api/settings';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { i18n } from '../../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { DepartmentsTab } from './departments-tab';
import { useDepartments } from './use-departments';

const en = MESSAGES['en-US'];
const texts = en.settings.departments;
const DEPARTMENTS = routeOf(settingsCalls.departments);
const DELETE = routeOf(settingsCalls.deleteDepartment);

const DEFAULT: Department = { id: 1, name: 'Default', parentId: null, isDefault: true, memberCount: 2 };
const SALES: Department = { id: 2, name: 'Sales', parentId: null, isDefault: false, memberCount: 0 };

function Tab() {
  return <DepartmentsTab departments={useDepartments()} />;
}

describe('departments', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    api = fakeApi({ [DEPARTMENTS]: ok([DEFAULT, SALES]), [DELETE]: ok() });
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  function renderTab() {
    renderRoutes([{ path: '/', element: <Tab /> }], '/');
  }

  it('offers no Delete that cannot work on the default department, and says why', async () => {
    const user = userEvent.setup();
    renderTab();
    const remove = await screen.findByRole('button', { name: 'Delete Default' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(texts.defaultUndeletable);
    expect(screen.getByRole('button', { name: 'Delete Sales' })).toBeEnabled();
    await user.hover(remove);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(texts.defaultUndeletable);
  });

  it('offers no Delete on a department with members under it, and says why', async () => {
    const user = userEvent.setup();
    // the server's count of a department includes its sub-departments' members
    api.routes[DEPARTMENTS] = ok([
      DEFAULT,
      { ...SALES, memberCount: 3 },
      { id: 3, name: 'North', parentId: 2, isDefault: false, memberCount: 3 },
    ]);
    renderTab();
    const remove = await screen.findByRole('button', { name: 'Delete Sales' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(texts.membersUndeletable);
    await user.hover(remove);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(texts.membersUndeletable);
    expect(api.sent(DELETE)).toEqual([]);
  });

  it('deletes a department after confirmation, and the tree follows', async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Delete Sales' }));
    api.routes[DEPARTMENTS] = ok([DEFAULT]);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: texts.delete }));

    expect(await screen.findByText(en.common.deleteSuccess)).toBeInTheDocument();
    expect(api.sent(DELETE)).toEqual([{ id: 2 }]);
    await waitFor(() => expect(screen.queryByText('Sales')).not.toBeInTheDocument());
  });

  it('draws only the rows in view of a tree of thousands of departments', async () => {
    // a top department with 2,000 under it, all opened
    const many: Department[] = Array.from({ length: 2_000 }, (_, i) => ({
      id: 100 + i,
      name: `Unit ${i}`,
      parentId: 2,
      isDefault: false,
      memberCount: 0,
    }));
    api.routes[DEPARTMENTS] = ok([DEFAULT, SALES, ...many]);
    renderTab();
    expect(await screen.findByText('Sales')).toBeInTheDocument();
    expect(screen.getByText('Unit 0')).toBeInTheDocument();
    expect(screen.queryByText('Unit 1999')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Rename / }).length).toBeLessThan(100);
  });

  it('says once why a department with members stays', async () => {
    const user = userEvent.setup();
    api.routes[DELETE] = fail(1009107);
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Delete Sales' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: texts.delete }));

    await waitFor(() => expect(api.toasts).toHaveBeenCalledExactlyOnceWith(en.errors[1009107]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Sales')).toBeInTheDocument();
  });
});
