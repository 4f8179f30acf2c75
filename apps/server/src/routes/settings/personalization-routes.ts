import { envelopeSchema } from '@portal/shared/api/envelope';
import {
  personalizationIconParamsSchema,
  personalizationIconQuerySchema,
  personalizationQuerySchema,
  personalizationSchema,
} from '@portal/shared/api/personalization';
import { IMAGE_TYPES } from '@portal/shared/constants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_ICON_TYPE } from '../../libraries/default-icon.ts';
import { ICON_PATH, iconFile, queryPersonalization } from '../../libraries/personalization.ts';
import { ok } from '../../plugins/envelope.ts';
import { apiPaths } from '@portal/shared/api/paths';

/** The icon's bytes as they were uploaded (a Buffer), or the built-in SVG (a string): never serialized. */
const imageSchema = z.any().meta({ type: 'string', format: 'binary' });
const ICON_TYPES = [...IMAGE_TYPES, DEFAULT_ICON_TYPE];

/** Company branding: the personalization query and the icon it points to. */
export async function personalizationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    apiPaths.personalization,
    {
      // branding is public: the verify-phone page of an uncertified account keeps its icon and title
      config: { auth: 'optional', uncertifiedAllowed: true },
      schema: {
        tags: ['settings'],
        summary: "A company's branding: icon, platform names, language and page title",
        description:
          'Whose: with a session, its current company; otherwise (or for a user without a company) the company whose sub-host name is `domain`; otherwise, or for an unknown `domain`, the platform defaults (the platform title, the built-in icon, zh-CN). ' +
          '`icon` is a root-relative URL of `GET /enterprise/personalization/icon/{enterpriseId}?v=<version>`. ' +
          '`slogan` (the page title) follows the request language (the `langCode` cookie, else the saved language of the signed-in user, else Accept-Language): zh-CN takes `platformNameCn`, every other language `platformNameEn`; an empty one falls back to `platformName`, then to the platform title in the request language. The platform defaults have the platform title in the request language as `slogan`.',
        querystring: personalizationQuerySchema,
        response: { 200: envelopeSchema(personalizationSchema) },
      },
    },
    async (request) =>
      ok(await queryPersonalization(app.ctx, { auth: request.auth, domain: request.query.domain, lang: request.lang })),
  );

  r.get(
    `${ICON_PATH}/:enterpriseId`,
    {
      schema: {
        tags: ['settings'],
        summary: "A company's icon (the favicon), or the platform's own",
        description:
          'The stored image with its content type, or the built-in SVG icon when the company has none, when the id is unknown, and for the id `default`. ' +
          'Public, like the sign-in page it brands. With `v` equal to the current icon version the response is cacheable for a year (a new icon gets a new version); otherwise for 5 minutes, the built-in icon for a day.',
        params: personalizationIconParamsSchema,
        querystring: personalizationIconQuerySchema,
        response: {
          200: {
            description: 'The icon',
            content: Object.fromEntries(ICON_TYPES.map((type) => [type, { schema: imageSchema }])),
          },
        },
      },
    },
    async (request, reply) => {
      const icon = await iconFile(app.ctx, request.params.enterpriseId, request.query.v);
      return (
        reply
          .header('content-type', icon.contentType)
          .header('cache-control', icon.cacheControl)
          // the products on the main domain's other hosts show it too
          .header('cross-origin-resource-policy', 'same-site')
          .send(icon.body)
      );
    },
  );
}
