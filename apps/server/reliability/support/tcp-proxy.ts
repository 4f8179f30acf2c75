import { once } from 'node:events';
import { type AddressInfo, type Server, type Socket, connect, createServer } from 'node:net';

/**
 * A TCP hop between the server and its database, to break the network on purpose: `drop()` resets
 * every connection (as a database restart or a network failure does), `stall()` stops forwarding
 * in both directions while the connections stay open (a frozen database, a black-holed route), and
 * `resume()` delivers what was held back and forwards again.
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private held: { to: Socket; chunk: Buffer }[] = [];
  private stalled = false;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number } = { host: '127.0.0.1', port: 5432 }): Promise<TcpProxy> {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const proxy = new TcpProxy(server, (server.address() as AddressInfo).port);
    server.on('connection', (client) => proxy.join(client, connect(target.port, target.host)));
    return proxy;
  }

  /** The same database URL, reached through this proxy. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  /** How many connections pass through the proxy now (both ends counted once). */
  get connections(): number {
    return this.sockets.size / 2;
  }

  drop(): void {
    this.held = [];
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
  }

  stall(): void {
    this.stalled = true;
  }

  resume(): void {
    this.stalled = false;
    const held = this.held;
    this.held = [];
    for (const { to, chunk } of held) if (!to.destroyed) to.write(chunk);
  }

  async close(): Promise<void> {
    this.drop();
    this.server.close();
    await once(this.server, 'close');
  }

  private join(client: Socket, upstream: Socket): void {
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.sockets.add(from);
      from.on('data', (chunk: Buffer) => {
        if (this.stalled) this.held.push({ to, chunk });
        else to.write(chunk);
      });
      // a reset on one side is passed on as a reset, so that the other end sees what a real failure shows
      from.on('error', () => to.resetAndDestroy());
      from.on('close', () => {
        this.sockets.delete(from);
        to.destroy();
      });
    }
  }
}
