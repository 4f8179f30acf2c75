import type Provider from 'oidc-provider';
import type { AppContext } from '../../context.ts';
import { keySetVersion } from '../../queries/openid.ts';
import { productSessionsOf } from './logout.ts';
import { ensureKeys, loadKeySet } from './signing-keys.ts';

/** How often a process asks whether an operator rotated the keys; a rotation publishes the next key
 *  a whole rotation ahead, so a minute's delay signs nothing a verifier cannot check. */
const KEY_CHECK_MS = 60_000;

/**
 * The running provider of one server process, rebuilt when the key set in the database changes
 * (`portal keys rotate` in any process or on the operator's machine).
 */
export class OpenIdService {
  #provider: Provider | null = null;
  #version = '';
  #checkedAt = -Infinity;
  #pending: Promise<Provider> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly configure: (provider: Provider) => void = () => {},
  ) {}

  /** The provider for the current keys, checked at most once a minute. */
  async provider(): Promise<Provider> {
    if (this.#provider && this.ctx.now() - this.#checkedAt < KEY_CHECK_MS) return this.#provider;
    return this.refresh();
  }

  /** Reads the key set now, and builds a new provider if it changed. */
  refresh(): Promise<Provider> {
    this.#pending ??= this.#load().finally(() => (this.#pending = null));
    return this.#pending;
  }

  async #load(): Promise<Provider> {
    let version = await keySetVersion(this.ctx.db);
    if (!version) {
      await ensureKeys(this.ctx);
      version = await keySetVersion(this.ctx.db);
    }
    this.#checkedAt = this.ctx.now();
    if (this.#provider && version === this.#version) return this.#provider;
    // loaded on first use: a process that serves no product's sign-in never holds the provider
    const { createProvider } = await import('./build-provider.ts');
    const provider = createProvider(this.ctx, await loadKeySet(this.ctx));
    this.configure(provider);
    this.#provider = provider;
    this.#version = version;
    return provider;
  }

  productSessions() {
    return productSessionsOf(this.ctx, () => this.provider());
  }
}
