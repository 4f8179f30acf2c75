import { once } from 'node:events';
import { type IncomingHttpHeaders, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** How the receiver answers a request; it may also never answer (a receiver that hangs). */
export type Answer = (request: Received, response: ServerResponse) => void;

/**
 * A webhook receiver as a company would run one: a real HTTP server on 127.0.0.1 that keeps every
 * request and answers as each path is told (200 unless told otherwise).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, Answer>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      received.push(entry);
      const answer = answers.get(entry.path);
      if (answer) answer(entry, response);
      else response.writeHead(200).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((entry) => entry.path === path),
    answer(path: string, answer: Answer) {
      answers.set(path, answer);
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What a receiver's developer writes: the `standardwebhooks` package verifies the body with the secret. */
export function verified(secret: string, entry: Received): unknown {
  return new Webhook(secret).verify(entry.body, entry.headers as Record<string, string>);
}
