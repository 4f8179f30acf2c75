import multipart from '@fastify/multipart';
import { envelopeSchema } from '@portal/shared/api/envelope';
import { personalizationIconResponseSchema, savePersonalizationRequestSchema } from '@portal/shared/api/settings';
import { IMAGE_MAX_BYTES } from '@portal/shared/constants';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../app-error.ts';
import { resetCompanyIcon, saveCompanyBranding, saveCompanyIcon } from '../../libraries/branding.ts';
import { ICON_PATH } from '../../libraries/personalization.ts';
import { ok } from '../../plugins/envelope.ts';
import { failureAnswers } from '../../plugins/validation.ts';
import { apiPaths } from '@portal/shared/api/paths';
import { ADMINISTRATOR_ONLY, administratorOf, administratorOnly } from './administrator-only.ts';

/** The parts of the upload, for the API description; the route reads them itself. */
const iconUploadSchema = z.strictObject({
  file: z.file().describe('A JPG or PNG image (by its content), under 5 MB.'),
});

/** The image plus room for the multipart framing (boundaries, part headers). */
const UPLOAD_BODY_LIMIT = IMAGE_MAX_BYTES + 64 * 1024;

/** The parser's own limits, by error code: a file over the size is the contract's 1000413; another
 *  part (a second file, a text field) is a field the call does not know. */
const MULTIPART_ERRORS: Record<string, () => AppError> = {
  FST_REQ_FILE_TOO_LARGE: () => new AppError(ErrorCode.PayloadTooLarge),
  FST_FILES_LIMIT: () => new AppError(ErrorCode.BadRequest, { fields: { file: 'validation.unknownField' } }),
  FST_PARTS_LIMIT: () => new AppError(ErrorCode.BadRequest, { fields: { file: 'validation.unknownField' } }),
  FST_FIELDS_LIMIT: () => new AppError(ErrorCode.BadRequest, { fields: { file: 'validation.unknownField' } }),
};

/**
 * The bytes of the one part `file`. A declared length over the limit is refused before anything is
 * read; otherwise the parser stops the file at the limit. Anything else that is not one file part
 * named `file` (no file, a malformed body) is 1000400.
 */
async function readIconUpload(request: FastifyRequest): Promise<Buffer> {
  if (Number(request.headers['content-length']) > UPLOAD_BODY_LIMIT) throw new AppError(ErrorCode.PayloadTooLarge);
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'file') {
        throw new AppError(ErrorCode.BadRequest, { fields: { [part.fieldname]: 'validation.unknownField' } });
      }
      bytes = await part.toBuffer();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: unknown }).code;
    const known = typeof code === 'string' ? MULTIPART_ERRORS[code] : undefined;
    if (known) throw known();
    // busboy's own complaints (no boundary, a truncated body) are the client's, not ours
    throw new AppError(ErrorCode.BadRequest, { fields: { file: 'validation.imageType' } });
  }
  if (!bytes) throw new AppError(ErrorCode.BadRequest, { fields: { file: 'validation.imageType' } });
  return bytes;
}

/** The upload alone: multipart is known only here, so every other call stays JSON-only (415). */
async function iconUploadRoute(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });
  // a JSON body to the upload is the wrong media type, like multipart to the JSON calls
  app.removeContentTypeParser('application/json');

  app.post(
    ICON_PATH,
    {
      config: { auth: 'required' },
      bodyLimit: UPLOAD_BODY_LIMIT,
      schema: {
        tags: ['settings'],
        summary: "Upload the company's icon (the favicon)",
        description: `${ADMINISTRATOR_ONLY} \`multipart/form-data\` with one part, the file \`file\`: a JPG or PNG by its content (the file name and declared type do not count), under 5 MB. Another part, no file, or another kind of image: 1000400; 5 MB or more: 1000413 (HTTP 413). Answers the new icon URL; its version moves on, so caches fetch it anew.`,
        consumes: ['multipart/form-data'],
        uploadBody: iconUploadSchema,
        response: { 200: envelopeSchema(personalizationIconResponseSchema), ...failureAnswers(413) },
      },
    },
    async (request) => ok(await saveCompanyIcon(app.ctx, administratorOf(request), await readIconUpload(request))),
  );
}

/** The company's branding as its administrators change it (settings centre). */
export async function personalizationAdminRoutes(app: FastifyInstance) {
  administratorOnly(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    apiPaths.savePersonalization,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['settings'],
        summary: "Save the company's platform names and language",
        description: `${ADMINISTRATOR_ONLY} Each name 1-30 characters, trimmed; \`languageType\` one of the six languages. The personalization query shows them at once.`,
        body: savePersonalizationRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await saveCompanyBranding(app.ctx, administratorOf(request), request.body);
      return ok(null);
    },
  );

  r.post(
    apiPaths.resetIcon,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['settings'],
        summary: "Reset the company's icon to the platform's",
        description: `${ADMINISTRATOR_ONLY} No body. The uploaded icon is removed and the platform's icon shows again; answers the company's icon URL, whose version moves on as after an upload.`,
        response: { 200: envelopeSchema(personalizationIconResponseSchema) },
      },
    },
    async (request) => ok(await resetCompanyIcon(app.ctx, administratorOf(request))),
  );

  await app.register(iconUploadRoute);
}
