import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsCalls } from '@portal/shared/api/contract/settings';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { i18n } from '../../../lib/i18n';
import { fail, fakeApi, ok, routeOf } from '../../../test/fake-api';
import { renderRoutes } from '../../../test/render-route';
import { departmentsStub } from '../test/departments-stub';
import { fill } from '../test/fill';
import { type DepartmentEdit, DepartmentNameModal } from './department-name-modal';

const en = MESSAGES['en-US'];
const CREATE = routeOf(settingsCalls.createDepartment);
const RENAME = routeOf(settingsCalls.renameDepartment);

function renderModal(edit: DepartmentEdit) {
  const onSaved = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: <DepartmentNameModal edit={edit} tree={departmentsStub().tree} onClose={() => {}} onSaved={onSaved} />,
      },
    ],
    '/',
  );
  return { onSaved };
}

describe('department name form', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(async () => {
    api = fakeApi({ [CREATE]: ok({ id: 5 }), [RENAME]: ok() });
    await i18n.changeLanguage('en-US');
  });
  afterEach(async () => {
    api.restore();
    await i18n.changeLanguage('zh-CN');
  });

  it('asks for a name', async () => {
    renderModal({ mode: 'create', parentId: null });
    await userEvent.click(screen.getByRole('button', { name: en.settings.departments.createSubmit }));
    expect(await screen.findByText(en.validation.departmentNameRequired)).toBeInTheDocument();
    expect(api.sent(CREATE)).toEqual([]);
  });

  it('allows at most 30 characters', async () => {
    renderModal({ mode: 'create', parentId: null });
    fill(screen.getByLabelText(en.settings.departments.name), 'x'.repeat(31));
    await userEvent.click(screen.getByRole('button', { name: en.settings.departments.createSubmit }));
    expect(await screen.findByText(en.validation.companyFieldTooLong)).toBeInTheDocument();
  });

  it('creates a sub-department under the chosen parent', async () => {
    const { onSaved } = renderModal({ mode: 'create', parentId: 2 });
    fill(screen.getByLabelText(en.settings.departments.name), 'North');
    await userEvent.click(screen.getByRole('button', { name: en.settings.departments.createSubmit }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(en.settings.departments.created));
    expect(api.sent(CREATE)).toEqual([{ name: 'North', parentId: 2 }]);
  });

  it('shows the server verdict on a taken name under the field, and only there', async () => {
    api.routes[RENAME] = fail(1000400, { fields: { name: 'validation.departmentNameTaken' } });
    const department = { ...departmentsStub().tree[1]! };
    renderModal({ mode: 'rename', department });
    const input = screen.getByLabelText(en.settings.departments.name);
    expect(input).toHaveValue('Sales');
    fill(input, 'Default');
    await userEvent.click(screen.getByRole('button', { name: en.settings.save }));
    expect(await screen.findByText(en.validation.departmentNameTaken)).toBeInTheDocument();
    expect(api.toasts).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
