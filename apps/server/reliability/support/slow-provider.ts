import { once } from 'node:events';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An SMS provider over HTTP that takes its time (as real ones do) and can go down. */
export class SlowSmsProvider {
  received: { phone: string; text: string }[] = [];
  private server: Server | null = null;
  private constructor(readonly delayMs: number) {}

  static async start(delayMs: number): Promise<SlowSmsProvider> {
    const provider = new SlowSmsProvider(delayMs);
    provider.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        setTimeout(() => {
          provider.received.push(JSON.parse(body));
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        }, provider.delayMs);
      });
    });
    provider.server.listen(0, '127.0.0.1');
    await once(provider.server, 'listening');
    return provider;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/sms`;
  }

  /** Takes the provider down: connections are refused from now on. */
  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }
}
