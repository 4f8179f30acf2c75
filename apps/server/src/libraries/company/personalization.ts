import { brandingCalls } from '@portal/shared/api/contract/branding';
import { pathOf } from '@portal/shared/api/contract/define';
import type { Personalization } from '@portal/shared/api/personalization';
import type { Language } from '@portal/shared/constants';
import { DEFAULT_LANGUAGE } from '@portal/shared/constants';
import { translate } from '@portal/shared/locales/catalog';
import type { AppContext } from '../../context.ts';
import { findEnterpriseByDomain } from '../../queries/enterprises.ts';
import {
  findMemberPersonalization,
  findPersonalization,
  findPersonalizationIcon,
} from '../../queries/personalizations.ts';
import type { Caller } from '../platform/caller.ts';
import type { Auth } from '../platform/sessions.ts';
import { DEFAULT_ICON_SVG, DEFAULT_ICON_TYPE } from './default-icon.ts';
import { currentEnterpriseOf } from './memberships.ts';

/** The id segment of the platform's own icon. */
export const DEFAULT_ICON_ID = 'default';

interface Names {
  platform_name: string;
  platform_name_cn: string;
  platform_name_en: string;
}

/** The page title: Chinese gets the Chinese name, every other language the English one; each falls
 *  back to the platform name, then to the platform's own title in the request language. */
export function sloganOf(lang: Language, names: Names | null): string {
  const preferred = lang === 'zh-CN' ? names?.platform_name_cn : names?.platform_name_en;
  const named = [preferred, names?.platform_name].map((name) => name?.trim()).find(Boolean);
  return named ?? translate(lang, 'common.platformTitle');
}

/** Root-relative, so that it works on the main domain and on every company sub-host alike. */
export function iconUrl(enterpriseId: number | typeof DEFAULT_ICON_ID, version: number): string {
  return `${pathOf(brandingCalls.companyIcon, { enterpriseId })}?v=${version}`;
}

function platformDefaults(lang: Language): Personalization {
  return {
    icon: iconUrl(DEFAULT_ICON_ID, 0),
    customIcon: false,
    platformName: translate(lang, 'common.platformTitle'),
    platformNameCn: translate('zh-CN', 'common.platformTitle'),
    platformNameEn: translate('en-US', 'common.platformTitle'),
    languageType: DEFAULT_LANGUAGE,
    slogan: sloganOf(lang, null),
  };
}

/** Whose branding a request sees: the session's current company, else the company of `domain`, else none. */
async function brandedEnterprise(ctx: AppContext, auth: Auth | null, domain: string | undefined) {
  const current = auth ? await currentEnterpriseOf(ctx, auth.user.id, auth.enterpriseId) : null;
  if (current !== null) return current;
  if (!domain) return null;
  return (await findEnterpriseByDomain(ctx.db, domain))?.id ?? null;
}

/** The branding row a request sees, or undefined for the platform defaults. */
async function brandingOf(ctx: AppContext, auth: Auth | null, domain: string | undefined) {
  // the usual case in one statement: the session's company, which the user still belongs to
  const own = auth?.enterpriseId ? await findMemberPersonalization(ctx.db, auth.enterpriseId, auth.user.id) : undefined;
  if (own) return own;
  const enterpriseId = await brandedEnterprise(ctx, auth, domain);
  return enterpriseId === null ? undefined : findPersonalization(ctx.db, enterpriseId);
}

export async function queryPersonalization(
  ctx: AppContext,
  domain: string | undefined,
  { session, language }: Caller,
): Promise<Personalization> {
  const row = await brandingOf(ctx, session, domain);
  if (!row) return platformDefaults(language);
  return {
    icon: iconUrl(row.enterprise_id, row.icon_version),
    customIcon: row.icon_type !== null,
    platformName: row.platform_name,
    platformNameCn: row.platform_name_cn,
    platformNameEn: row.platform_name_en,
    languageType: row.language_type,
    slogan: sloganOf(language, row),
  };
}

export interface IconFile {
  body: Buffer | string;
  contentType: string;
  cacheControl: string;
}

/** A versioned URL never changes its bytes: a new icon gets a new version, hence a new URL. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An unversioned or outdated URL, and the built-in icon, which a release may redraw. */
const SHORT = 'public, max-age=300';
const DEFAULT_CACHE = 'public, max-age=86400';

/**
 * The icon of a company: its stored image, or the platform's icon when it has none. An unknown
 * company gets the platform's icon too: a favicon should never break, and branding is public anyway.
 */
export async function iconFile(ctx: AppContext, id: string, version: string | undefined): Promise<IconFile> {
  const row = id === DEFAULT_ICON_ID ? undefined : await findPersonalizationIcon(ctx.db, Number(id));
  if (!row?.icon || !row.icon_type) {
    return { body: DEFAULT_ICON_SVG, contentType: DEFAULT_ICON_TYPE, cacheControl: DEFAULT_CACHE };
  }
  return {
    body: Buffer.from(row.icon),
    contentType: row.icon_type,
    cacheControl: version === String(row.icon_version) ? IMMUTABLE : SHORT,
  };
}
