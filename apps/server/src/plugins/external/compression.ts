import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers compressed with brotli or gzip, as the client accepts. Its hook reaches only the routes
 *  registered after it. */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    // below this the bytes saved do not pay for the work; quality 4 costs about what gzip does
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    // request bodies stay as they were: JSON, never encoded
    globalDecompression: false,
  });
});
