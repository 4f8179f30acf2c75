import type { FastifyInstance } from 'fastify';
import type { brandingCalls as calls } from '@portal/shared/api/contract/branding';
import { iconFile, queryPersonalization } from '../../libraries/company/personalization.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** Company branding: the personalization query and the icon it points to. */
export function personalizationHandlers(app: FastifyInstance) {
  return {
    personalization: ({ caller, query }) => queryPersonalization(app.ctx, query.domain, caller),
    companyIcon: async ({ params, query, reply }) => {
      const icon = await iconFile(app.ctx, params.enterpriseId, query.v);
      return (
        reply
          .header('content-type', icon.contentType)
          .header('cache-control', icon.cacheControl)
          // the products on the main domain's other hosts show it too
          .header('cross-origin-resource-policy', 'same-site')
          .send(icon.body)
      );
    },
  } satisfies Partial<Handlers<typeof calls>>;
}
