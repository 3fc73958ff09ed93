import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, RouteOptions } from 'fastify';
import * as zlib from 'node:zlib';

/** `@RouteConfig(NO_COMPRESSION)`: the route's answers go out as they are (downloads of data files). */
export const NO_COMPRESSION = { noCompression: true } as const;

/**
 * Brotli (or gzip for clients without it) for JSON, HTML, scripts and styles of 1 KB or more.
 * Downloads of data files go out as stored: they can be tens of MB and the client asked for the
 * file, not for a transfer encoding.
 */
export async function useCompression(fastify: FastifyInstance): Promise<void> {
  // Before @fastify/compress's own onRoute hook, which reads `compress` and `decompress` off each
  // route. Request bodies are inflated by the body parsers (body-parsers.ts), whose unknown
  // Content-Encoding error waits for the auth guard, not by the plugin (415 before anything).
  fastify.addHook('onRoute', (route: RouteOptions) => {
    const options = route as { compress?: false; decompress?: false };
    options.decompress = false;
    if ((route.config as { noCompression?: boolean } | undefined)?.noCompression) options.compress = false;
  });
  await fastify.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
}
