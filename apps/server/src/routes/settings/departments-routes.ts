import type { FastifyInstance } from 'fastify';
import { settingsCalls as calls } from '@portal/shared/api/contract/settings';
import {
  createCompanyDepartment,
  deleteCompanyDepartment,
  listCompanyDepartments,
  renameCompanyDepartment,
} from '../../libraries/departments.ts';
import { serve } from '../../plugins/calls.ts';

/** The company's department tree (settings centre). */
export async function departmentsRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, calls.departments, ({ administrator }) => listCompanyDepartments(ctx, administrator));

  serve(app, calls.createDepartment, ({ administrator, body }) => createCompanyDepartment(ctx, administrator, body));

  serve(app, calls.renameDepartment, ({ administrator, body }) => renameCompanyDepartment(ctx, administrator, body));

  serve(app, calls.deleteDepartment, ({ administrator, body }) => deleteCompanyDepartment(ctx, administrator, body));
}
