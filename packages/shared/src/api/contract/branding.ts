import { z } from 'zod';
import { IMAGE_TYPES } from '../../constants.ts';
import {
  personalizationIconParamsSchema,
  personalizationIconQuerySchema,
  personalizationQuerySchema,
  personalizationSchema,
} from '../personalization.ts';
import { defineCall } from './define.ts';
import { COMPANY_SETTINGS_PREFIX as S } from './prefixes.ts';

/** A company's branding as everyone sees it, before and after signing in: its own area, so that the
 *  first screen carries these two calls and not the settings centre's. */
export const brandingCalls = {
  personalization: defineCall({
    method: 'GET',
    path: `${S}/personalization/query`,
    // branding is public: the verify-phone page of an uncertified account keeps its icon and title
    audience: 'anonymous',
    session: 'optional',
    beforeAccountSettled: true,
    tag: 'settings',
    summary: "A company's branding: icon, platform names, language and page title",
    description:
      'Whose: with a session, its current company; otherwise (or for a user without a company) the company whose sub-host name is `domain`; otherwise, or for an unknown `domain`, the platform defaults (the platform title, the built-in icon, zh-CN). ' +
      '`icon` is a root-relative URL of `GET /enterprise/personalization/icon/{enterpriseId}?v=<version>`. ' +
      '`slogan` (the page title) follows the request language (the `langCode` cookie, else the saved language of the signed-in user, else Accept-Language): zh-CN takes `platformNameCn`, every other language `platformNameEn`; an empty one falls back to `platformName`, then to the platform title in the request language. The platform defaults have the platform title in the request language as `slogan`.',
    query: personalizationQuerySchema,
    response: personalizationSchema,
    errors: [],
  }),

  companyIcon: defineCall({
    method: 'GET',
    path: `${S}/personalization/icon/:enterpriseId`,
    audience: 'anonymous',
    tag: 'settings',
    summary: "A company's icon (the favicon), or the platform's own",
    description:
      'The stored image with its content type, or the built-in SVG icon when the company has none, when the id is unknown, and for the id `default`. Public, like the sign-in page it brands. With `v` equal to the current icon version the response is cacheable for a year (a new icon gets a new version); otherwise for 5 minutes, the built-in icon for a day.',
    params: personalizationIconParamsSchema,
    query: personalizationIconQuerySchema,
    // the bytes as uploaded (JPG or PNG), or the built-in SVG
    file: [...IMAGE_TYPES, 'image/svg+xml'],
    response: z.any().meta({ type: 'string', format: 'binary' }),
    errors: [],
  }),
};
