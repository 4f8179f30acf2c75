import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { settingsCalls as calls } from '@portal/shared/api/contract/settings';
import { IMAGE_MAX_BYTES } from '@portal/shared/constants';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { AppError } from '../../app-error.ts';
import { resetCompanyIcon, saveCompanyBranding, saveCompanyIcon } from '../../libraries/company/branding.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** The image plus room for the multipart framing (boundaries, part headers). */
const UPLOAD_BODY_LIMIT = IMAGE_MAX_BYTES + 64 * 1024;

/** The parser's own limits, by error code: a file over the size is 1000413 (docs/settings-centre.md#branding);
 *  another part (a second file, a text field) is a field the call does not know. */
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

/** The upload's own context: multipart is known only there, so every other call stays JSON-only (415). */
async function iconUploadContext(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });
  // a JSON body to the upload is the wrong media type, like multipart to the JSON calls
  app.removeContentTypeParser('application/json');
}

/** The company's branding as its administrators change it (settings centre). */
export function personalizationAdminHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    savePersonalization: ({ administrator, body }) => saveCompanyBranding(ctx, administrator, body),
    resetIcon: ({ administrator }) => resetCompanyIcon(ctx, administrator),
    uploadIcon: {
      handle: async ({ administrator, request }) => saveCompanyIcon(ctx, administrator, await readIconUpload(request)),
      bodyLimit: UPLOAD_BODY_LIMIT,
      context: iconUploadContext,
    },
  } satisfies Partial<Handlers<typeof calls>>;
}
