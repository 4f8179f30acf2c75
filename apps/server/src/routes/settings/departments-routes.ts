import { envelopeSchema } from '@portal/shared/api/envelope';
import {
  createDepartmentRequestSchema,
  createDepartmentResponseSchema,
  deleteDepartmentRequestSchema,
  departmentListSchema,
  renameDepartmentRequestSchema,
} from '@portal/shared/api/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createCompanyDepartment,
  deleteCompanyDepartment,
  listCompanyDepartments,
  renameCompanyDepartment,
} from '../../libraries/departments.ts';
import { ok } from '../../plugins/envelope.ts';
import { failureAnswers } from '../../plugins/validation.ts';
import { apiPaths } from '@portal/shared/api/paths';
import { ADMINISTRATOR_ONLY, administratorOf, administratorOnly } from './administrator-only.ts';

const nothingOr404 = { 200: envelopeSchema(z.null()), ...failureAnswers(404) };
const NAME_RULE =
  'A name is 1-30 characters, trimmed, unique among its siblings (exact match; top-level departments are siblings): a taken name is 1000400 with `fields.name: validation.departmentNameTaken`.';

/** The company's department tree (settings centre). */
export async function departmentsRoutes(app: FastifyInstance) {
  administratorOnly(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    apiPaths.departments,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['settings'],
        summary: "The company's departments",
        description: `${ADMINISTRATOR_ONLY} A flat list in the order they were made; \`parentId\` null for a top-level department. \`memberCount\` counts the department's own members, not those of its sub-departments.`,
        response: { 200: envelopeSchema(departmentListSchema) },
      },
    },
    async (request) => ok(await listCompanyDepartments(app.ctx, administratorOf(request))),
  );

  r.post(
    apiPaths.createDepartment,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['settings'],
        summary: 'Create a department',
        description: `${ADMINISTRATOR_ONLY} Top-level without \`parentId\`; 1000404 when the parent is not this company's. ${NAME_RULE}`,
        body: createDepartmentRequestSchema,
        response: { 200: envelopeSchema(createDepartmentResponseSchema), ...failureAnswers(404) },
      },
    },
    async (request) => ok(await createCompanyDepartment(app.ctx, administratorOf(request), request.body)),
  );

  r.post(
    apiPaths.renameDepartment,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['settings'],
        summary: 'Rename a department',
        description: `${ADMINISTRATOR_ONLY} The default department may be renamed too. 1000404 for a department that is not this company's. ${NAME_RULE}`,
        body: renameDepartmentRequestSchema,
        response: nothingOr404,
      },
    },
    async (request) => {
      await renameCompanyDepartment(app.ctx, administratorOf(request), request.body);
      return ok(null);
    },
  );

  r.post(
    apiPaths.deleteDepartment,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['settings'],
        summary: 'Delete a department with its sub-departments',
        description: `${ADMINISTRATOR_ONLY} The department and every department under it go together, all or nothing. 1009109 for the default department; 1009107 when it or any department under it has members (move them first); 1000404 for a department that is not this company's. Invitation links into a deleted department put their people in the default department.`,
        body: deleteDepartmentRequestSchema,
        response: nothingOr404,
      },
    },
    async (request) => {
      await deleteCompanyDepartment(app.ctx, administratorOf(request), request.body);
      return ok(null);
    },
  );
}
