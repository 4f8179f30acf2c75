import { type Adapter, type AdapterPayload, errors } from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import {
  consumeModel,
  deleteGrantModels,
  deleteModel,
  deleteModelsOfGrant,
  findClient,
  findModel,
  findModelByUid,
  findModelsWithId,
  findModelByUserCode,
  grantIdOfModel,
  upsertModel,
} from '../../queries/openid.ts';
import { DEVICE_CLIENT_PREFIX, deviceClientLive } from '../sites/devices.ts';
import { clientMetadataOf } from './clients.ts';
import { forgetReads, readOnce } from './request-reads.ts';

/** Whether a presented id can name a row at all: PostgreSQL refuses a NUL in a text parameter (an
 *  error, not "none"), and an id with one was never stored. */
function storable(id: string): boolean {
  return !id.includes('\0');
}

/**
 * Models whose single use is raced for, and what a second use is told: a second consume of one refuses,
 * and revokes its grant. The provider reads a refresh token's `consumed` before it consumes it at
 * rotation, so two refreshes that read it together would both rotate it without this (two live chains
 * from one token, and no reuse detected).
 */
const SINGLE_USE = new Map([
  ['AuthorizationCode', 'authorization code already consumed'],
  ['RefreshToken', 'refresh token already used'],
  ['DeviceCode', 'device code already consumed'],
  ['BackchannelAuthenticationRequest', 'backchannel authentication request already consumed'],
]);

/** The models an opaque token presented to introspection or revocation may be, which the library
 *  looks up one after the other: read together, in one statement. */
const TOKEN_MODELS: readonly [string, string, string] = ['AccessToken', 'ClientCredentials', 'RefreshToken'];
const TOKEN_READ = 'token:';

/**
 * The provider's storage over the portal's database (docs/openid-provider.md#storage): clients from
 * `oidc_clients`, every other model a row of `oidc_models` with its expiry. Every server process reads
 * and writes the same rows, so a code issued by one is redeemed by another.
 */
export function databaseAdapter(ctx: AppContext): new (model: string) => Adapter {
  return class DatabaseAdapter implements Adapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      forgetReads(TOKEN_READ);
      await upsertModel(ctx.db, {
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        uid: payload.uid ?? null,
        user_code: payload.userCode ?? null,
        account_id: payload.accountId ?? null,
        expires_at: expiresIn ? ctx.now() + expiresIn * 1000 : null,
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (!storable(id)) return undefined;
      if (this.model === 'Client') return findClientMetadata(ctx, id);
      if (TOKEN_MODELS.includes(this.model)) {
        const rows = await readOnce(`${TOKEN_READ}${id}`, () => findModelsWithId(ctx.db, TOKEN_MODELS, id));
        return payloadOf(
          rows.find((row) => row.model === this.model),
          ctx.now(),
        );
      }
      return payloadOf(await findModel(ctx.db, this.model, id), ctx.now());
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      if (!storable(uid)) return undefined;
      return payloadOf(await findModelByUid(ctx.db, this.model, uid), ctx.now());
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      if (!storable(userCode)) return undefined;
      return payloadOf(await findModelByUserCode(ctx.db, this.model, userCode), ctx.now());
    }

    async consume(id: string): Promise<void> {
      forgetReads(TOKEN_READ);
      if (await consumeModel(ctx.db, this.model, id, Math.floor(ctx.now() / 1000))) return;
      const reused = SINGLE_USE.get(this.model);
      if (!reused) return;
      // another request, in this process or another, consumed it between its read and this one: the
      // same as a code or refresh token used twice, and the grant ends as it would then
      const grantId = await grantIdOfModel(ctx.db, this.model, id);
      if (grantId) await deleteGrantModels(ctx.db, grantId);
      throw new errors.InvalidGrant(reused);
    }

    async destroy(id: string): Promise<void> {
      forgetReads(TOKEN_READ);
      await deleteModel(ctx.db, this.model, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      forgetReads(TOKEN_READ);
      await deleteModelsOfGrant(ctx.db, this.model, grantId);
    }
  };
}

/** A client's row, read once in a request of the provider: its metadata and then, at its
 *  authentication, its secret's hash. */
export function clientRowOf(ctx: AppContext, id: string) {
  return readOnce(`client:${id}`, () => findClient(ctx.db, id));
}

async function findClientMetadata(ctx: AppContext, id: string): Promise<AdapterPayload | undefined> {
  const client = await clientRowOf(ctx, id);
  if (!client || client.disabled_at) return undefined;
  // a gateway's client works only while its device may act on its site: asked at every request
  if (client.client_id.startsWith(DEVICE_CLIENT_PREFIX) && !(await deviceClientLive(ctx, client.client_id)))
    return undefined;
  return clientMetadataOf(client);
}

function payloadOf(
  row: { payload: string; consumed_at: number | null; expires_at: number | null } | undefined,
  now: number,
): AdapterPayload | undefined {
  if (!row || (row.expires_at !== null && row.expires_at <= now)) return undefined;
  const payload = JSON.parse(row.payload) as AdapterPayload;
  return row.consumed_at === null ? payload : { ...payload, consumed: row.consumed_at };
}
