import { createRequire } from 'node:module';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * PGlite on a thread of its own. PGlite is PostgreSQL compiled to WebAssembly and runs on the
 * thread that created it: on the main thread every statement it executes stops the HTTP work
 * (parsing, packing, JSON) of every other request for its whole duration. On a worker thread the
 * two overlap, and the main thread only sees the loopback socket, as with a real server.
 *
 * The thread's code is `threadMain` below, passed to the Worker as source text, so the same code
 * runs from the compiled build and from the TypeScript sources (tests). It may only use its
 * argument and `require`: nothing from this module's scope reaches the thread.
 */
export interface PgliteThreadOptions {
  /** Data directory, or undefined for an in-memory database. */
  dir?: string;
  /** A dumped data directory (tar) to start from. */
  load?: Blob;
  startParams: string[];
  host: string;
  port: number;
  maxConnections: number;
}

export interface PgliteThread {
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

interface ThreadData extends PgliteThreadOptions {
  pglitePath: string;
  socketPath: string;
}

type Reply = { type: 'ready' } | { type: 'dump'; blob: Blob } | { type: 'closed' } | { type: 'failed'; message: string; stack?: string };

/* c8 ignore start: runs on the worker thread, from its source text */
function threadMain(data: ThreadData): void {
  /** What the socket handler of @electric-sql/pglite-socket (pinned: 0.2.17) has, private in its types, that the batching below uses. */
  interface SocketHandler {
    socket: import('node:net').Socket | null;
    active: boolean;
    id: number;
    messageBuffer: Buffer;
    queryQueue: { enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> };
    handleSslRequest(): boolean;
    handleCancelRequest(): boolean;
    handleData(data: Buffer): Promise<number>;
    detach(close?: boolean): Promise<SocketHandler>;
  }
  const PROTOCOL_3 = 196608;
  const MAX_STARTUP = 10_000; // PostgreSQL's MAX_STARTUP_PACKET_LENGTH
  const MAX_MESSAGE = 0x3fffffff; // PostgreSQL's MaxAllocSize
  /**
   * The library's handler sends each protocol message the client wrote (Bind, Describe, Execute,
   * Sync for a prepared statement) through its queue and into PGlite on its own, and writes each
   * answer as it comes: four passes through the queue, four calls into the WebAssembly module and
   * three or more writes per statement, with the two threads waiting on each other in between.
   * PGlite runs a buffer of several messages in one call, as PostgreSQL reads them from its
   * socket (an error skips to the next Sync, as there), so this handler sends every complete
   * message received so far as one batch, and the answer leaves in one write. A start-up message
   * goes alone, as before, and so do SSL and cancel requests (the library's own code).
   */
  /**
   * LISTEN/NOTIFY across connections. PGlite has one session, whatever the number of socket
   * connections: a LISTEN from any connection makes that session listen, and PostgreSQL then
   * hands each notification to the session at the end of the transaction that committed it, in
   * the answer to whichever connection sent that COMMIT. So the handler remembers which
   * connection asked to LISTEN on which channel (from its simple-query LISTEN / UNLISTEN
   * statements, as node-postgres and pg-boss send them) and moves every NotificationResponse out
   * of the answer it arrived in to each connection listening on its channel, as a server would
   * send it to each listening backend. Nothing is scanned until some connection has listened.
   */
  const listeners = new Map<SocketHandler, Set<string>>();
  let everListened = false;
  const LISTEN = /^\s*(UN)?LISTEN\s+(\*|"((?:[^"]|"")+)"|[A-Za-z_][\w$]*)\s*;?\s*$/i;
  /** Notes a LISTEN or UNLISTEN in a simple-query message (type 'Q') of `handler`. */
  const noteListen = (handler: SocketHandler, message: Buffer): void => {
    if (message[0] !== 0x51 || message.length > 300) return;
    const match = LISTEN.exec(message.toString('utf8', 5, message.length - 1));
    if (!match) return;
    const channel = match[3] !== undefined ? match[3].replace(/""/g, '"') : match[2].toLowerCase();
    const channels = listeners.get(handler) ?? new Set<string>();
    if (!match[1]) {
      channels.add(channel);
      everListened = true;
    } else if (channel === '*') channels.clear();
    else channels.delete(channel);
    if (channels.size) listeners.set(handler, channels);
    else listeners.delete(handler);
  };
  /**
   * For one batch's answer to `origin`: a filter over its chunks that hands each whole
   * NotificationResponse to the connections listening on its channel and answers the bytes that
   * stay in `origin`'s answer (the notification too when `origin` listens on the channel). A
   * message may be split across chunks; `rest()` answers what is held back at the end.
   */
  const notificationFilter = (origin: SocketHandler) => {
    let skip = 0; // bytes of the current (not a notification) message still to pass through
    let held: Buffer | undefined; // the start of a message whose header or notification is incomplete
    const route = (message: Buffer): boolean => {
      const channelEnd = message.indexOf(0, 9);
      const channel = message.toString('utf8', 9, channelEnd < 0 ? message.length : channelEnd);
      let keep = false;
      for (const [handler, channels] of listeners) {
        if (!channels.has(channel)) continue;
        if (handler === origin) keep = true;
        else if (handler.active && handler.socket?.writable) handler.socket.write(message);
      }
      return keep;
    };
    return {
      push(chunk: Buffer): Buffer {
        const buffer = held ? Buffer.concat([held, chunk]) : chunk;
        held = undefined;
        const kept: Buffer[] = [];
        let from = 0; // start of the bytes not yet put in `kept`
        let at = Math.min(skip, buffer.length);
        skip -= at;
        while (at < buffer.length) {
          if (buffer.length - at < 5) {
            held = buffer.subarray(at);
            break;
          }
          const end = at + 1 + buffer.readInt32BE(at + 1);
          if (buffer[at] !== 0x41) {
            if (end > buffer.length) skip = end - buffer.length;
            at = Math.min(end, buffer.length);
            continue;
          }
          if (end > buffer.length) {
            held = buffer.subarray(at);
            break;
          }
          if (!route(buffer.subarray(at, end))) {
            kept.push(buffer.subarray(from, at));
            from = end;
          }
          at = end;
        }
        kept.push(buffer.subarray(from, held ? buffer.length - held.length : buffer.length));
        return kept.length === 1 ? kept[0] : Buffer.concat(kept);
      },
      rest(): Buffer | undefined {
        const rest = held;
        held = undefined;
        return rest;
      },
    };
  };

  function patchSocketHandler(handler: SocketHandler): void {
    const detach = handler.detach;
    handler.detach = function (this: SocketHandler, close?: boolean) {
      listeners.delete(this);
      return detach.call(this, close);
    };
    /**
     * The length of the message at `offset`: 0 while it is not all there yet, -1 when its length
     * field cannot be right (as PostgreSQL, which then ends the connection: a start-up packet of
     * 8 to 10,000 bytes, a typed message whose length counts at least its own 4 bytes and at most
     * 1 GB). `startup` for a start-up message.
     */
    const messageAt = (buffer: Buffer, offset: number): { length: number; startup: boolean } => {
      const left = buffer.length - offset;
      if (left >= 8 && buffer.readInt32BE(offset + 4) === PROTOCOL_3) {
        const length = buffer.readInt32BE(offset);
        if (length < 8 || length > MAX_STARTUP) return { length: -1, startup: true };
        return { length: length <= left ? length : 0, startup: true };
      }
      if (left < 5) return { length: 0, startup: false };
      const declared = buffer.readInt32BE(offset + 1);
      if (declared < 4 || declared > MAX_MESSAGE) return { length: -1, startup: false };
      return { length: 1 + declared <= left ? 1 + declared : 0, startup: false };
    };
    handler.handleData = async function (this: SocketHandler, data: Buffer): Promise<number> {
      if (!this.socket || !this.active) return 0;
      this.messageBuffer = this.messageBuffer.length ? Buffer.concat([this.messageBuffer, data]) : data;
      const socket = this.socket;
      let written = 0;
      socket.cork(); // should PGlite hand over an answer in pieces, they still leave together
      try {
        while (this.messageBuffer.length > 0) {
          if (this.handleSslRequest() || this.handleCancelRequest()) continue;
          const first = messageAt(this.messageBuffer, 0);
          if (first.length === 0) break; // not all there: wait for more
          if (first.length < 0) {
            // Not the protocol (the library's own loop would spin on a negative length for ever).
            this.messageBuffer = Buffer.alloc(0);
            socket.destroy();
            break;
          }
          let end = first.length;
          if (!first.startup) noteListen(this, this.messageBuffer.subarray(0, end));
          for (let next = messageAt(this.messageBuffer, end); !first.startup && next.length > 0 && !next.startup; next = messageAt(this.messageBuffer, end)) {
            noteListen(this, this.messageBuffer.subarray(end, end + next.length));
            end += next.length;
          }
          const batch = new Uint8Array(this.messageBuffer.subarray(0, end));
          this.messageBuffer = this.messageBuffer.subarray(end);
          if (!this.active || !this.socket) break;
          let writeError: Error | undefined;
          const send = (bytes: Buffer): void => {
            if (bytes.length > 0 && this.active && this.socket?.writable) {
              this.socket.write(bytes, (err?: Error | null) => {
                if (err) writeError = err;
              });
            }
          };
          const notifications = everListened ? notificationFilter(this) : undefined;
          await this.queryQueue.enqueue(this.id, batch, (answer) => {
            const bytes = Buffer.from(answer);
            send(notifications ? notifications.push(bytes) : bytes);
            written += answer.length;
          });
          const rest = notifications?.rest();
          if (rest) send(rest);
          if (writeError) throw writeError;
        }
      } finally {
        socket.uncork();
      }
      // The library also dispatched a 'data' event here (byte counts); nothing in the server
      // listens to it, and on this path it was an event object per statement.
      return written;
    };
  }

  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { parentPort } = require('node:worker_threads') as typeof import('node:worker_threads');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { PGlite } = require(data.pglitePath) as typeof import('@electric-sql/pglite');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { PGLiteSocketServer, PGLiteSocketHandler } = require(data.socketPath) as typeof import('@electric-sql/pglite-socket');
  const port = parentPort!;
  patchSocketHandler(PGLiteSocketHandler.prototype as unknown as SocketHandler);
  const fail = (err: unknown): void => {
    const error = err instanceof Error ? err : new Error(String(err));
    port.postMessage({ type: 'failed', message: error.message, stack: error.stack });
  };
  (async () => {
    const db = await PGlite.create(data.dir ?? 'memory://', {
      startParams: data.startParams,
      ...(data.load ? { loadDataDir: data.load } : {}),
    });
    const server = new PGLiteSocketServer({ db, host: data.host, port: data.port, maxConnections: data.maxConnections });
    await server.start();
    port.on('message', (message: { type: 'dump' | 'close' }) => {
      if (message.type === 'dump') {
        db.dumpDataDir('none').then((blob) => port.postMessage({ type: 'dump', blob }), fail);
      } else if (message.type === 'close') {
        (async () => {
          await server.stop();
          await db.close();
        })().then(() => {
          port.postMessage({ type: 'closed' });
          port.close();
        }, fail);
      }
    });
    port.postMessage({ type: 'ready' });
  })().catch(fail);
}
/* c8 ignore stop */

/** Where a package's CommonJS entry is, for the thread to require by absolute path. */
function resolvePackage(name: string): string {
  // The compiled build is CommonJS (its `require` resolves from dist/); the TypeScript sources
  // run as ES modules in the tests, where packages resolve from the working directory.
  const req = typeof require === 'function' ? require : createRequire(path.join(process.cwd(), 'index.js'));
  return req.resolve(name);
}

export async function startPgliteThread(options: PgliteThreadOptions): Promise<PgliteThread> {
  const data: ThreadData = {
    ...options,
    pglitePath: resolvePackage('@electric-sql/pglite'),
    socketPath: resolvePackage('@electric-sql/pglite-socket'),
  };
  const worker = new Worker(`(${threadMain.toString()})(require('node:worker_threads').workerData)`, {
    eval: true,
    workerData: data,
    name: 'pglite',
  });
  // The sockets the pools hold keep the process alive while it works; the thread alone never does.
  worker.unref();

  // One request at a time (dump, close), each answered in order; failures reject the one waiting.
  let waiting: { expect: Reply['type']; resolve: (reply: Reply) => void; reject: (err: Error) => void } | undefined;
  let exited: Error | undefined;
  const next = (expect: Reply['type']): Promise<Reply> => {
    if (exited) return Promise.reject(exited);
    if (waiting) return Promise.reject(new Error(`PGlite thread: a '${waiting.expect}' is still under way`));
    return new Promise((resolve, reject) => {
      waiting = { expect, resolve, reject };
    });
  };
  const settle = (reply: Reply | Error): void => {
    const current = waiting;
    waiting = undefined;
    if (!current) return;
    if (reply instanceof Error) current.reject(reply);
    else if (reply.type === 'failed') current.reject(Object.assign(new Error(reply.message), { stack: reply.stack }));
    else if (reply.type !== current.expect) current.reject(new Error(`PGlite thread: '${reply.type}' instead of '${current.expect}'`));
    else current.resolve(reply);
  };
  worker.on('message', (reply: Reply) => settle(reply));
  worker.on('error', (err) => {
    exited = err;
    settle(err);
  });
  worker.on('exit', (code) => {
    exited ??= new Error(`PGlite thread exited (code ${code})`);
    settle(exited);
  });

  await next('ready');
  return {
    dump: async () => {
      const reply = next('dump');
      worker.postMessage({ type: 'dump' });
      return ((await reply) as { blob: Blob }).blob;
    },
    close: async () => {
      if (exited) return;
      const closed = next('closed');
      worker.postMessage({ type: 'close' });
      await closed;
    },
  };
}
