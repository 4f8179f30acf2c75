import { accessRequestCalls as accessRequests } from '@portal/shared/api/contract/access-requests';
import { deviceCalls as devices } from '@portal/shared/api/contract/devices';
import { integrationCalls as integrations } from '@portal/shared/api/contract/integrations';
import { siteCalls as sites } from '@portal/shared/api/contract/sites';
import { viewsOf } from './call-view';

/*
 * The views of the integration calls (webhooks, API keys) and of the sites, their grants and their
 * gateways, made as api-calls.ts makes its own and written into the bundle as plain data the same way
 * (vite.config.ts, `buildTimeData`). Only the settings centre sends them: in a module of their own
 * they stay out of the first screen's chunk.
 */

export const integrationCalls = viewsOf(integrations);
export const siteCalls = viewsOf(sites);
export const accessRequestCalls = viewsOf(accessRequests);
export const deviceCalls = viewsOf(devices);
