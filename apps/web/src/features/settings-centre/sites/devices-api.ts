import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { deviceCalls as calls } from '../../../lib/integration-calls';
import { useCallMutation } from '../../../lib/use-call-mutation';
import { siteKeys } from './sites-api';

/** The gateways claimed into a site (docs/site-grants.md#gateways), for its owner or a company that
 *  holds it with `configure`. */
export const deviceKeys = {
  site: (siteId: string) => [...siteKeys.all, 'devices', siteId] as const,
};

export const siteDevicesQuery = (siteId: string) =>
  queryOptions({
    queryKey: deviceKeys.site(siteId),
    queryFn: ({ signal }) => call(calls.siteDevices, { siteId }, { signal }),
  });

// A claim gives a machine its own way into the plant, an un-claim takes it away: the server wants a
// fresh proof of the person for both.
export const useClaimDevice = (siteId: string) =>
  useCallMutation(calls.claimDevice, { invalidates: [deviceKeys.site(siteId)], freshProof: true });
export const useUnclaimDevice = (siteId: string) =>
  useCallMutation(calls.unclaimDevice, { invalidates: [deviceKeys.site(siteId)], freshProof: true });
