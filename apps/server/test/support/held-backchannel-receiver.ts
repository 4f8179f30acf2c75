import { type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A product's back-channel logout endpoint that keeps its answers until released: while it holds,
 * the portal's background work of telling the products cannot finish, so a test can show what is
 * answered before it does. It keeps the `sid` of every logout token it takes.
 */
export class HeldBackchannelReceiver {
  /** The `sid`s of the logout tokens received, in order. */
  readonly sids: string[] = [];
  uri = '';
  /** The most logout requests held open at the same time since `hold`. */
  mostHeldAtOnce = 0;
  #held = true;
  readonly #waiting: ServerResponse[] = [];
  readonly #server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const token = new URLSearchParams(Buffer.concat(chunks).toString('utf8')).get('logout_token');
      if (request.method !== 'POST' || token === null) return void response.writeHead(400).end();
      const [, payload] = token.split('.');
      this.sids.push((JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { sid: string }).sid);
      if (!this.#held) return void response.writeHead(200).end();
      this.#waiting.push(response);
      this.mostHeldAtOnce = Math.max(this.mostHeldAtOnce, this.#waiting.length);
      // the provider gave up waiting: the request is no longer in flight
      response.on('close', () => {
        const at = this.#waiting.indexOf(response);
        if (at >= 0) this.#waiting.splice(at, 1);
      });
    });
  });

  static async start(): Promise<HeldBackchannelReceiver> {
    const receiver = new HeldBackchannelReceiver();
    await new Promise<void>((resolve) => receiver.#server.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.#server.address() as AddressInfo;
    receiver.uri = `http://127.0.0.1:${port}/backchannel-logout`;
    return receiver;
  }

  /** Holds the answers from now on. */
  hold(): void {
    this.#held = true;
    this.mostHeldAtOnce = 0;
  }

  /** Answers every held logout, and the next ones at once. */
  release(): void {
    this.#held = false;
    for (const response of this.#waiting.splice(0)) response.writeHead(200).end();
  }

  /** Waits until `count` logout tokens have come (or `timeoutMs` passed); answers how many did. */
  async waitForCount(count: number, timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (this.sids.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    return this.sids.length;
  }

  async close(): Promise<void> {
    this.release();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
