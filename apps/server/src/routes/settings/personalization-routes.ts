import type { FastifyInstance } from 'fastify';
import { brandingCalls as calls } from '@portal/shared/api/contract/branding';
import { iconFile, queryPersonalization } from '../../libraries/personalization.ts';
import { serve } from '../../plugins/calls.ts';

/** Company branding: the personalization query and the icon it points to. */
export async function personalizationRoutes(app: FastifyInstance) {
  serve(app, calls.personalization, ({ caller, query }) => queryPersonalization(app.ctx, query.domain, caller));

  serve(app, calls.companyIcon, async ({ params, query, reply }) => {
    const icon = await iconFile(app.ctx, params.enterpriseId, query.v);
    return (
      reply
        .header('content-type', icon.contentType)
        .header('cache-control', icon.cacheControl)
        // the products on the main domain's other hosts show it too
        .header('cross-origin-resource-policy', 'same-site')
        .send(icon.body)
    );
  });
}
