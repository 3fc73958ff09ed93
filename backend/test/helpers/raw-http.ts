import * as net from 'node:net';

/**
 * HTTP/1.1 over a bare socket, for what Node's and supertest's clients refuse to send: malformed
 * or duplicated headers, bytes outside ASCII, a Content-Length that lies, broken chunking, a
 * body that stops early. One request per connection (`Connection: close` unless the case sets
 * its own), answered or not.
 */
export interface RawRequest {
  method: string;
  url: string;
  /** In order, duplicates kept; a Buffer value is sent as its bytes. */
  headers: Array<[string, string | Buffer]>;
  body?: Buffer | string;
  /** Content-Length from the body unless a header of the case sets it (or Transfer-Encoding). */
  autoLength?: boolean;
  /** Write the whole request before reading anything (as curl or Python's requests do). */
  writeThenRead?: boolean;
}

export interface RawResponse {
  /** undefined: the connection closed without an answer. */
  status?: number;
  headers: Record<string, string>;
  text: string;
  body: unknown;
  /** A socket error seen while sending or reading (EPIPE, ECONNRESET). */
  error?: string;
  ms: number;
}

export function requestBytes(req: RawRequest): Buffer {
  const body = req.body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(req.body) ? req.body : Buffer.from(req.body);
  const names = req.headers.map(([k]) => k.toLowerCase());
  const head: Buffer[] = [Buffer.from(`${req.method.toUpperCase()} ${req.url} HTTP/1.1\r\nHost: fuzz.test\r\n`)];
  if (!names.includes('connection')) head.push(Buffer.from('Connection: close\r\n'));
  for (const [k, v] of req.headers) head.push(Buffer.from(`${k}: `), Buffer.isBuffer(v) ? v : Buffer.from(v, 'latin1'), Buffer.from('\r\n'));
  if (req.autoLength !== false && !names.includes('content-length') && !names.includes('transfer-encoding') && (body.length || req.method !== 'get')) {
    head.push(Buffer.from(`Content-Length: ${body.length}\r\n`));
  }
  head.push(Buffer.from('\r\n'), body);
  return Buffer.concat(head);
}

function parseResponse(bytes: Buffer): Pick<RawResponse, 'status' | 'headers' | 'text' | 'body'> {
  const end = bytes.indexOf('\r\n\r\n');
  const none = { headers: {}, text: '', body: undefined };
  if (end === -1) return none;
  const [statusLine, ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!m) return none;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  let rest = bytes.subarray(end + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const parts: Buffer[] = [];
    for (;;) {
      const nl = rest.indexOf('\r\n');
      if (nl === -1) break;
      const size = parseInt(rest.subarray(0, nl).toString('latin1'), 16);
      if (!size) break;
      parts.push(rest.subarray(nl + 2, nl + 2 + size));
      rest = rest.subarray(nl + 2 + size + 2);
    }
    rest = Buffer.concat(parts);
  } else if (headers['content-length'] !== undefined) {
    rest = rest.subarray(0, Number(headers['content-length']));
  }
  const text = rest.toString('utf8');
  let body: unknown = text;
  if (/json/.test(headers['content-type'] ?? '')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: Number(m[1]), headers, text, body };
}

function answerComplete(bytes: Buffer): boolean {
  const end = bytes.indexOf('\r\n\r\n');
  if (end === -1) return false;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(bytes.subarray(0, end).toString('latin1'));
  return length !== null && bytes.length - end - 4 >= Number(length[1]);
}

/** Sends one request on a new connection and reads until the server closes it (or `timeoutMs`). */
export function sendRaw(port: number, req: RawRequest & { halfClose?: boolean }, timeoutMs = 10_000): Promise<RawResponse> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let error: string | undefined;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseResponse(Buffer.concat(chunks)), error, ms: Date.now() - started });
    };
    const timer = setTimeout(() => {
      error = error ?? 'timeout';
      settle();
    }, timeoutMs);
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = error ?? e.code ?? e.message;
    });
    socket.on('close', settle);
    // Done once the answer is complete (a kept-alive connection stays open after it).
    const read = () =>
      socket.on('data', (d: Buffer) => {
        chunks.push(d);
        if (answerComplete(Buffer.concat(chunks))) settle();
      });
    if (req.writeThenRead) socket.pause();
    else read();
    socket.write(requestBytes(req), () => {
      if (req.writeThenRead) {
        read();
        socket.resume();
      }
      if (req.halfClose) socket.end();
    });
  });
}
