import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { inject } from 'light-my-request';

/**
 * The provider's documents that change only with its keys: the key set (JWKS) and the discovery
 * document. Every product's library fetches them, often on every page; rebuilt by the provider's Koa
 * app for each request they cost a dozen times a plain answer. The provider is asked once per
 * provider instance (a new one is built when the keys change, in any process: service.ts), in
 * memory, without a socket, and its answer kept with a strong ETag.
 */
export interface PublishedDocument {
  status: number;
  body: string;
  etag: string;
  /** The provider's own headers of the answer (its type, its CORS), without the per-answer ones. */
  headers: Record<string, string>;
}

/** Headers of one answer, not of the document: Node writes them for each answer anew. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'etag']);

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** The provider's answer to a GET of `path`, asked as the issuer (`issuer` gives host and scheme). */
export async function publishedDocument(handler: Handler, path: string, issuer: URL): Promise<PublishedDocument> {
  const answer = await inject(handler, {
    method: 'GET',
    url: path,
    headers: {
      host: issuer.host,
      'x-forwarded-host': issuer.host,
      'x-forwarded-proto': issuer.protocol.slice(0, -1),
    },
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers))
    if (value !== undefined && !PER_ANSWER.has(name))
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  const digest = createHash('sha256').update(answer.payload).digest('base64url').slice(0, 27);
  return { status: answer.statusCode, body: answer.payload, etag: `"${digest}"`, headers };
}

/** Whether the client's `If-None-Match` names the document as it is (RFC 9110 §13.1.2, weak
 *  comparison, as for a GET). */
export function stillCurrent(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
