import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { contract } from '@portal/shared/api/contract';
import { PASSWORD, createCompany, createUser } from './fixtures.ts';
import { type Reply, randomLoopback, tokenFor } from './http.ts';

/** A company with the settings-centre product and a signed-in administrator (and its default department). */
export async function companyWithAdmin(app: FastifyInstance, nickname = 'Company Admin') {
  const admin = await createUser(app, { nickname });
  const company = await createCompany(app, { products: ['settcntr'], members: [{ userId: admin.id, role: 'admin' }] });
  return { admin, ...company, token: await tokenFor(app, admin.account, PASSWORD) };
}

export interface Part {
  name: string;
  content: Buffer | string;
  /** Present: a file part. */
  filename?: string;
  contentType?: string;
}

/** A `multipart/form-data` body as a browser sends it. */
export function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----portal-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function toReply(response: Awaited<ReturnType<FastifyInstance['inject']>>): Reply {
  const body = response.json();
  return { status: response.statusCode, code: body.code, msg: body.msg, data: body.data, headers: response.headers };
}

/** `POST S/enterprise/personalization/icon` with the file as the part `file`. */
export async function uploadIcon(
  app: FastifyInstance,
  token: string | undefined,
  file: { content: Buffer | string; filename?: string; contentType?: string },
  extraParts: Part[] = [],
): Promise<Reply> {
  const { payload, contentType } = multipart([
    { name: 'file', filename: file.filename ?? 'icon.png', contentType: file.contentType ?? 'image/png', ...file },
    ...extraParts,
  ]);
  return toReply(
    await app.inject({
      method: 'POST',
      url: contract.uploadIcon.path,
      headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      remoteAddress: randomLoopback(),
      payload,
    }),
  );
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 2x2 RGB PNG in the platform's teal. */
export function pngImage(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0); // width
  header.writeUInt32BE(2, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per sample, RGB, deflate, no filter, no interlace
  const row = Buffer.from([0, 0x13, 0xa8, 0xa8, 0x13, 0xa8, 0xa8]); // filter byte, then two pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A real 1x1 grey baseline JPEG: one quantisation table of ones, and Huffman tables with a single
 * one-bit code each (DC category 0, AC end-of-block), so the one block is the two bits `00`,
 * padded with ones.
 */
export function jpegImage(): Buffer {
  const segment = (marker: number, data: number[]) => [0xff, marker, 0, data.length + 2, ...data];
  const oneCodeTable = (tableClassAndId: number) => [tableClassAndId, 1, ...new Array(15).fill(0), 0x00];
  return Buffer.from([
    0xff,
    0xd8, // start of image
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // JFIF 1.1
    ...segment(0xdb, [0, ...new Array(64).fill(1)]), // quantisation table 0
    ...segment(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]), // baseline, 1x1, one component
    ...segment(0xc4, oneCodeTable(0x00)), // DC table 0
    ...segment(0xc4, oneCodeTable(0x10)), // AC table 0
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]), // start of scan
    0x3f, // DC diff 0 (`0`), end of block (`0`), padding
    0xff,
    0xd9, // end of image
  ]);
}

/** A real 1x1 GIF: an image, but not one the portal takes. */
export function gifImage(): Buffer {
  return Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
}
