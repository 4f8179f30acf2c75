import type { FastifyInstance } from 'fastify';
import type { accountSecurityCalls as calls } from '@portal/shared/api/contract/account-security';
import {
  addPasskey,
  listPasskeys,
  passkeyRegistrationOptions,
  removePasskey,
  renamePasskey,
} from '../../libraries/account-security/passkeys.ts';
import type { Handlers } from '../../plugins/calls.ts';

/** The person's own passkeys in the personal centre (F). */
export function passkeysHandlers(app: FastifyInstance) {
  const { ctx } = app;

  return {
    passkeys: ({ caller }) => listPasskeys(ctx, caller),
    passkeyRegistrationOptions: ({ caller }) => passkeyRegistrationOptions(ctx, caller),
    addPasskey: ({ caller, body }) => addPasskey(ctx, caller, body),
    renamePasskey: ({ caller, body }) => renamePasskey(ctx, caller, body),
    removePasskey: ({ caller, body }) => removePasskey(ctx, caller, body),
  } satisfies Partial<Handlers<typeof calls>>;
}
