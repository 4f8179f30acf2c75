import { settingsCalls as calls } from '@portal/shared/api/contract/settings';
import { personalizationIconParamsSchema, personalizationIconQuerySchema } from '@portal/shared/api/personalization';
import { IMAGE_TYPES } from '@portal/shared/constants';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_ICON_TYPE } from '../../libraries/default-icon.ts';
import { ICON_PATH, iconFile, queryPersonalization } from '../../libraries/personalization.ts';
import { serve } from '../../plugins/calls.ts';

/** The icon's bytes as they were uploaded (a Buffer), or the built-in SVG (a string): never serialized. */
const imageSchema = z.any().meta({ type: 'string', format: 'binary' });
const ICON_TYPES = [...IMAGE_TYPES, DEFAULT_ICON_TYPE];

/** Company branding: the personalization query and the icon it points to. */
export async function personalizationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  serve(app, calls.personalization, ({ caller, query }) =>
    queryPersonalization(app.ctx, { auth: caller.session, domain: query.domain, lang: caller.language }),
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
