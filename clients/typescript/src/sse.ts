/** One Server-Sent Event as the `text/event-stream` format defines it (WHATWG HTML, 9.2). */
export interface ServerSentEvent {
  /** `message` when the server named none. */
  event: string;
  /** The data lines joined with "\n". */
  data: string;
  /** The last `id:` seen on the stream (for `Last-Event-ID`), or undefined. */
  id?: string;
  /** `retry:` in milliseconds, when the event carried one. */
  retry?: number;
}

/**
 * Parses a `text/event-stream` body (a fetch Response's `body`) into events, as a browser's
 * EventSource would: UTF-8, lines ended by CRLF, LF or CR, comment lines (`:`) skipped, an event
 * dispatched at each blank line, nothing dispatched for a block without `data:`.
 */
export async function* parseEventStream(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<ServerSentEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let lastId: string | undefined;
  let retry: number | undefined;
  const onAbort = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      if (signal?.aborted) return;
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      // A CR at the very end may be the first half of a CRLF: keep it for the next chunk.
      let match: RegExpExecArray | null;
      const lineEnd = /\r\n|\n|\r(?!$)/g;
      let start = 0;
      while ((match = lineEnd.exec(buffer))) {
        const line = buffer.slice(start, match.index);
        start = match.index + match[0].length;
        if (line === '') {
          if (data.length) yield { event: event || 'message', data: data.join('\n'), id: lastId, ...(retry === undefined ? {} : { retry }) };
          event = '';
          data = [];
          retry = undefined;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        let text = colon < 0 ? '' : line.slice(colon + 1);
        if (text.startsWith(' ')) text = text.slice(1);
        if (field === 'event') event = text;
        else if (field === 'data') data.push(text);
        else if (field === 'id' && !text.includes('\u0000')) lastId = text;
        else if (field === 'retry' && /^\d+$/.test(text)) retry = Number(text);
      }
      buffer = buffer.slice(start);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    try {
      reader.releaseLock();
    } catch {
      // a read still pending (aborted): the stream is cancelled anyway
    }
  }
}
