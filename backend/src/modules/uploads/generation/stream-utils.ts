import { type Readable } from 'node:stream';

/** Reads up to `bytes` from a stream's start, and hands back the rest as an async iterable. */
export async function peekStream(source: Readable, bytes: number): Promise<{ head: Buffer; rest: AsyncIterable<Buffer>; ended: boolean }> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const chunks: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < bytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    chunks.push(chunk);
    size += chunk.length;
  }
  const head = Buffer.concat(chunks);
  const rest: AsyncIterable<Buffer> = {
    async *[Symbol.asyncIterator]() {
      if (ended) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
      }
    },
  };
  return { head, rest, ended };
}

/** Reads a whole stream into memory, failing past `maxBytes`. */
export async function readAll(source: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > maxBytes) {
      source.destroy();
      throw new Error(`file larger than ${maxBytes} bytes`);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}
