import type { FastifyInstance } from 'fastify';
import type { deviceCalls as calls } from '@portal/shared/api/contract/devices';
import { assertFreshProof } from '../../libraries/account-security/fresh-proof.ts';
import { claimDevice, exchangeDeviceClaim, listDevicesOfSite, unclaimDevice } from '../../libraries/sites/devices.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** Gateways claimed into a site (settings centre), and the gateway's own exchange of its claim. */
export function devicesHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    siteDevices: ({ administrator, query }) => listDevicesOfSite(ctx, administrator, query.siteId),
    // a claim gives a machine its own way into the plant: the person at the keyboard decides
    claimDevice: async ({ administrator, body, caller }) => {
      await assertFreshProof(ctx, caller.session);
      return claimDevice(ctx, administrator, body);
    },
    unclaimDevice: async ({ administrator, body, caller }) => {
      await assertFreshProof(ctx, caller.session);
      await unclaimDevice(ctx, administrator, body);
    },
    exchangeDeviceClaim: ({ body }) => exchangeDeviceClaim(ctx, body),
  } satisfies Handlers<typeof calls>;
}
