import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/shared/locales/catalog';
import { i18n } from '../../../lib/i18n';
import { renderRoutes } from '../../../test/render-route';
import { departmentsStub } from '../test/departments-stub';
import { fill } from '../test/fill';
import { type DepartmentEdit, DepartmentNameModal } from './department-name-modal';

vi.mock('../settings-api', () => ({ createDepartment: vi.fn(), renameDepartment: vi.fn() }));
const api = await import('../settings-api');

const en = MESSAGES['en-US'];

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
  beforeEach(async () => {
    vi.mocked(api.createDepartment).mockReset();
    vi.mocked(api.renameDepartment).mockReset();
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => i18n.changeLanguage('zh-CN'));

  it('asks for a name', async () => {
    renderModal({ mode: 'create', parentId: null });
    await userEvent.click(screen.getByRole('button', { name: en.settings.departments.createSubmit }));
    expect(await screen.findByText(en.validation.departmentNameRequired)).toBeInTheDocument();
    expect(api.createDepartment).not.toHaveBeenCalled();
  });

  it('allows at most 30 characters', async () => {
    renderModal({ mode: 'create', parentId: null });
    fill(screen.getByLabelText(en.settings.departments.name), 'x'.repeat(31));
    await userEvent.click(screen.getByRole('button', { name: en.settings.departments.createSubmit }));
    expect(await screen.findByText(en.validation.companyFieldTooLong)).toBeInTheDocument();
  });

  it('creates a sub-department under the chosen parent', async () => {
    vi.mocked(api.createDepartment).mockResolvedValue({ id: 5 });
    const { onSaved } = renderModal({ mode: 'create', parentId: 2 });
    fill(screen.getByLabelText(en.settings.departments.name), 'North');
    await userEvent.click(screen.getByRole('button', { name: en.settings.departments.createSubmit }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(en.settings.departments.created));
    expect(api.createDepartment).toHaveBeenCalledWith({ name: 'North', parentId: 2 });
  });

  it('shows the server verdict on a taken name under the field', async () => {
    const { ApiError } = await import('../../../lib/api-error');
    vi.mocked(api.renameDepartment).mockRejectedValue(
      new ApiError(1000400, 'bad', { fields: { name: 'validation.departmentNameTaken' } }),
    );
    const department = { ...departmentsStub().tree[1]! };
    renderModal({ mode: 'rename', department });
    const input = screen.getByLabelText(en.settings.departments.name);
    expect(input).toHaveValue('Sales');
    fill(input, 'Default');
    await userEvent.click(screen.getByRole('button', { name: en.settings.save }));
    expect(await screen.findByText(en.validation.departmentNameTaken)).toBeInTheDocument();
  });
});
