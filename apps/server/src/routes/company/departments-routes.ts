import type { FastifyInstance } from 'fastify';
import type { settingsCalls as calls } from '@portal/shared/api/contract/settings';
import {
  createCompanyDepartment,
  deleteCompanyDepartment,
  listCompanyDepartments,
  renameCompanyDepartment,
} from '../../libraries/company/departments.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** The company's department tree (settings centre). */
export function departmentsHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    departments: ({ administrator }) => listCompanyDepartments(ctx, administrator),
    createDepartment: ({ administrator, body }) => createCompanyDepartment(ctx, administrator, body),
    renameDepartment: ({ administrator, body }) => renameCompanyDepartment(ctx, administrator, body),
    deleteDepartment: ({ administrator, body }) => deleteCompanyDepartment(ctx, administrator, body),
  } satisfies Partial<Handlers<typeof calls>>;
}
