import { setImmediate as nextTurn } from 'node:timers/promises';
import type Provider from 'oidc-provider';
import type { Logger } from '../../context.ts';

/** A product session to be told that it ended: the client, the person (`sub`) and its `sid`. */
export interface LogoutNotice {
  clientId: string;
  accountId: string;
  sid: string;
}

/** The provider's own sender of logout tokens, which its type declarations leave out. */
interface BackchannelClient {
  backchannelLogoutUri?: string;
  backchannelLogout(sub: string, sid: string): Promise<void>;
}

/** Logout tokens in flight at once: each is signed on the event loop, then waits on its product. */
const IN_FLIGHT = 8;

interface Queued {
  notice: LogoutNotice;
  client: () => Promise<BackchannelClient | undefined>;
  done: (delivered: boolean) => void;
}

/**
 * The back-channel logouts still to send, queued once the portal's change is written. At most
 * `IN_FLIGHT` go out at once, and each sender lets waiting requests run before it takes the next, so
 * that telling the products of 10,000 ended sessions never holds the event loop longer than one
 * token's signing. A product that is down fails its own logouts (logged; its tokens are revoked all
 * the same) and holds no database connection and no other product's logout.
 */
export class BackchannelQueue {
  readonly #pending: Queued[] = [];
  #senders = 0;

  constructor(
    private readonly provider: () => Promise<Provider>,
    private readonly log: Logger,
  ) {}

  /** Queues these logouts; resolves with how many products took theirs, once every one was tried. */
  send(notices: LogoutNotice[]): Promise<number> {
    if (!notices.length) return Promise.resolve(0);
    // one look-up per client and call: the provider reads a stored client from the database each time
    const clients = new Map<string, Promise<BackchannelClient | undefined>>();
    const clientOf = (clientId: string) => () => {
      let client = clients.get(clientId);
      if (!client) {
        client = this.provider().then(
          async (provider) => (await provider.Client.find(clientId)) as unknown as BackchannelClient | undefined,
        );
        clients.set(clientId, client);
      }
      return client;
    };
    return new Promise((resolve) => {
      let left = notices.length;
      let told = 0;
      const done = (delivered: boolean) => {
        if (delivered) told += 1;
        if (--left === 0) resolve(told);
      };
      for (const notice of notices) this.#pending.push({ notice, client: clientOf(notice.clientId), done });
      for (let n = Math.min(IN_FLIGHT - this.#senders, this.#pending.length); n > 0; n--) void this.#sender();
    });
  }

  async #sender(): Promise<void> {
    this.#senders += 1;
    try {
      for (let item = this.#pending.shift(); item; item = this.#pending.shift()) {
        item.done(await this.#deliver(item));
        await nextTurn();
      }
    } finally {
      this.#senders -= 1;
    }
  }

  async #deliver({ notice, client: clientOf }: Queued): Promise<boolean> {
    try {
      const client = await clientOf();
      if (!client?.backchannelLogoutUri) return false;
      await client.backchannelLogout(notice.accountId, notice.sid);
      return true;
    } catch (error) {
      // the product is down: its tokens are revoked all the same, and its next call to the provider fails
      this.log.warn({ err: error, clientId: notice.clientId }, 'back-channel logout not delivered');
      return false;
    }
  }
}
