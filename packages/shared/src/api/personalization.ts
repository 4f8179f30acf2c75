import { z } from 'zod';
import { LANGUAGES } from '../constants.ts';
import { requestString } from '../validation/rules.ts';

/** Company branding (settings centre `S`): what the sign-in page, the favicon and the page title use. */

/** `GET S/enterprise/personalization/query?domain=`: `domain` is the company's sub-host name, used
 *  only without a session (the sign-in page of `<domain>.<main domain>`). */
export const personalizationQuerySchema = z.strictObject({
  domain: requestString({ trim: true }).toLowerCase().max(63, 'validation.domainFormat').optional(),
});
export type PersonalizationQuery = z.infer<typeof personalizationQuerySchema>;

/** The company's personalization; also what the web app keeps in `_enterpriseConfig`. `icon` is a
 *  root-relative URL the server serves, versioned with `?v=` so that a new icon is a new URL;
 *  `customIcon` says whether it is the company's own upload rather than the platform's icon. `slogan`
 *  is the page title, derived by the server from the names and the request language. */
export const personalizationSchema = z.object({
  icon: z.string(),
  customIcon: z.boolean(),
  platformName: z.string(),
  platformNameCn: z.string(),
  platformNameEn: z.string(),
  languageType: z.enum(LANGUAGES),
  slogan: z.string(),
});
export type Personalization = z.infer<typeof personalizationSchema>;

/** `GET S/enterprise/personalization/icon/:enterpriseId`; `default` is the platform's own icon. */
export const personalizationIconParamsSchema = z.strictObject({
  enterpriseId: requestString().regex(/^(default|[1-9]\d{0,8})$/, 'validation.enterpriseIdRequired'),
});
export const personalizationIconQuerySchema = z.strictObject({
  v: requestString().max(20).optional(),
});
