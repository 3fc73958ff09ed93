import { Client } from 'pg';

export interface ListenHandle {
  close(): Promise<void>;
}

/**
 * The process's one LISTEN connection, in the shape pg-boss's notifier asks of a db adapter
 * (`listen(channel, onNotification, onReconnect)`): a dedicated client outside the pool (a LISTEN
 * belongs to a session, and the pool's connections come and go), with TCP keep-alive; when the
 * connection drops it reconnects with a backoff of 1 s doubling to 30 s, listens again and calls
 * `onReconnect` so that the workers look for what was committed meanwhile. `onState` reports
 * whether the listener is up (JobsService sweeps more often while it is not).
 *
 * On the embedded database this is a second socket connection to the same PGlite session; its
 * thread hands each notification to the connections that listen on its channel
 * (database/pglite-thread.ts).
 */
export async function listen(
  url: string,
  channel: string,
  onNotification: (payload: string) => void,
  onReconnect: () => void,
  onState: (up: boolean) => void = () => undefined,
): Promise<ListenHandle> {
  let closed = false;
  let client: Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;

  const connect = async (): Promise<void> => {
    const next = new Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onNotification(message.payload);
    });
    const lost = (): void => {
      if (client !== next) return;
      client = undefined;
      next.removeAllListeners();
      next.end().catch(() => undefined);
      onState(false);
      retry();
    };
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      next.removeAllListeners();
      await next.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
    onState(true);
  };
  const retry = (): void => {
    if (closed || timer) return;
    const delay = Math.min(30_000, 1000 * 2 ** Math.min(attempt++, 5));
    timer = setTimeout(() => {
      timer = undefined;
      connect().then(
        () => {
          if (!closed) onReconnect();
        },
        () => retry(),
      );
    }, delay);
    timer.unref();
  };

  await connect(); // the first failure goes to the caller (pg-boss then polls only)
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners();
        await current.end().catch(() => undefined);
      }
    },
  };
}
