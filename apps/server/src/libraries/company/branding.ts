import type { PersonalizationIconResponse, SavePersonalizationRequest } from '@portal/shared/api/settings';
import { IMAGE_MAX_BYTES } from '@portal/shared/constants';
import { ErrorCode } from '@portal/shared/errors/error-codes';
import { sniffImageType } from '@portal/shared/validation/image';
import { AppError } from '../../app-error.ts';
import type { AppContext } from '../../context.ts';
import { updatePersonalizationIcon, updatePersonalizationNames } from '../../queries/personalizations.ts';
import { recordEvent } from '../integrations/events/record-event.ts';
import { recordAudit } from '../platform/audit.ts';
import { companyTransaction } from '../platform/company-transaction.ts';
import { iconUrl } from './personalization.ts';
import type { PersonAdministrator } from './settings-access.ts';

/** An administrator changes the company's branding: the names, the language and the icon. */

/** Every company has its branding row from its creation on; one without is not this company's to brand. */
function missingBranding(): AppError {
  return new AppError(ErrorCode.NotFound);
}

export async function saveCompanyBranding(
  ctx: AppContext,
  admin: PersonAdministrator,
  body: SavePersonalizationRequest,
): Promise<void> {
  await companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    const saved = await updatePersonalizationNames(
      trx,
      admin.enterpriseId,
      {
        platform_name: body.platformName,
        platform_name_cn: body.platformNameCn,
        platform_name_en: body.platformNameEn,
        language_type: body.languageType,
      },
      ctx.now(),
    );
    if (!saved) throw missingBranding();
    await recordEvent(ctx, trx, {
      enterpriseId: admin.enterpriseId,
      type: 'company.branding_changed',
      data: { part: 'names' },
    });
    await recordAudit(
      ctx,
      {
        action: 'branding.change',
        userId: admin.userId,
        enterpriseId: admin.enterpriseId,
        ip: admin.ip,
        detail: { names: true, languageType: body.languageType },
      },
      trx,
    );
  });
}

/**
 * A new icon: JPEG or PNG by its content, whatever the file is called or claims to be (1000400
 * otherwise), under 5 MB (1000413). The stored type is the sniffed one, so the icon is always served
 * as what it is. The version moves on, so the icon's URL changes and caches fetch it anew.
 */
export async function saveCompanyIcon(
  ctx: AppContext,
  admin: PersonAdministrator,
  bytes: Buffer,
): Promise<PersonalizationIconResponse> {
  if (bytes.length >= IMAGE_MAX_BYTES) throw new AppError(ErrorCode.PayloadTooLarge);
  const type = sniffImageType(bytes);
  if (!type) throw new AppError(ErrorCode.BadRequest, { fields: { file: 'validation.imageType' } });
  return replaceIcon(ctx, admin, { bytes, type }, { type, bytes: bytes.length });
}

/**
 * Back to the platform's icon: the stored image goes, and the version moves on as for an upload,
 * so that no cache keeps showing the old image under the company's icon URL.
 */
export function resetCompanyIcon(ctx: AppContext, admin: PersonAdministrator): Promise<PersonalizationIconResponse> {
  return replaceIcon(ctx, admin, null, { reset: true });
}

/** The company's icon replaced (or removed: `null`), its version moved on and the change recorded,
 *  together. */
async function replaceIcon(
  ctx: AppContext,
  admin: PersonAdministrator,
  icon: Parameters<typeof updatePersonalizationIcon>[2],
  detail: Record<string, unknown>,
): Promise<PersonalizationIconResponse> {
  const version = await companyTransaction(ctx, [admin.enterpriseId], async (trx) => {
    const next = await updatePersonalizationIcon(trx, admin.enterpriseId, icon, ctx.now());
    if (next === undefined) throw missingBranding();
    await recordEvent(ctx, trx, {
      enterpriseId: admin.enterpriseId,
      type: 'company.branding_changed',
      data: { part: 'icon' },
    });
    await recordAudit(
      ctx,
      {
        action: 'branding.change',
        userId: admin.userId,
        enterpriseId: admin.enterpriseId,
        ip: admin.ip,
        detail: { icon: { ...detail, version: next } },
      },
      trx,
    );
    return next;
  });
  return { icon: iconUrl(admin.enterpriseId, version) };
}
