import type { FastifyInstance } from 'fastify';
import { accountSecurityCalls as calls } from '@portal/shared/api/contract/account-security';
import {
  addPasskey,
  listPasskeys,
  passkeyRegistrationOptions,
  removePasskey,
  renamePasskey,
} from '../../libraries/passkeys.ts';
import { serve } from '../../plugins/calls.ts';

/** The person's own passkeys in the personal centre (F). */
export async function passkeysRoutes(app: FastifyInstance) {
  const { ctx } = app;

  serve(app, calls.passkeys, ({ caller }) => listPasskeys(ctx, caller));

  serve(app, calls.passkeyRegistrationOptions, ({ caller }) => passkeyRegistrationOptions(ctx, caller));

  serve(app, calls.addPasskey, ({ caller, body }) => addPasskey(ctx, caller, body));

  serve(app, calls.renamePasskey, ({ caller, body }) => renamePasskey(ctx, caller, body));

  serve(app, calls.removePasskey, ({ caller, body }) => removePasskey(ctx, caller, body));
}
