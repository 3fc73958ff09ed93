import { useEffect, useState } from 'react';
import { useDispatch } from 'react-redux';
import type { UnknownAction } from '@reduxjs/toolkit';
import { notificationsApi } from '../api';

/** One Server-Sent Event. */
export type StreamEvent = { event: string; data: string };

/** Splits an event stream's text into events (blocks ending in a blank line); answers what is left over. */
export function parseEvents(buffer: string, onEvent: (event: StreamEvent) => void): string {
  let rest = buffer.replace(/\r\n?/g, '\n');
  let cut: number;
  while ((cut = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, cut);
    rest = rest.slice(cut + 2);
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue; // heartbeat
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length) onEvent({ event, data: data.join('\n') });
  }
  return rest;
}

/** Delay before reconnect attempt `failures` (1 s doubling to 60 s, with jitter). */
export function backoffMs(failures: number, random = Math.random()): number {
  return Math.round(Math.min(60_000, 1000 * 2 ** Math.min(failures, 6)) * (0.5 + random / 2));
}

/**
 * Under browser automation (navigator.webdriver) the bell polls instead of streaming unless
 * localStorage `bell-stream` is `on`: an open stream is a request that never finishes, so a
 * journey's wait for the network to go quiet (Playwright's `networkidle`) would never end. The
 * notifications journey turns the stream on.
 */
export function streamDisabledByAutomation(): boolean {
  try {
    return Boolean(globalThis.navigator?.webdriver) && globalThis.localStorage?.getItem('bell-stream') !== 'on';
  } catch {
    return false;
  }
}

/** After this many failed attempts in a row the bell polls notifications/unread/ until the stream is back. */
export const FALLBACK_AFTER_FAILURES = 2;

/**
 * Keeps the bell live: a fetch-based reader of GET notifications/stream/ (the token goes in the
 * Authorization header, never in the URL). An `unread` event sets the cached count; a
 * `notification` event refreshes the lists. It reconnects with backoff when the stream ends or
 * fails, and answers `polling: true` while it cannot stream (the bell then polls). A 401 (logged
 * out) stops it.
 */
export function useNotificationStream(token: string | null): { polling: boolean } {
  const dispatch = useDispatch();
  const [polling, setPolling] = useState(false);

  useEffect(() => {
    if (!token) return undefined;
    if (streamDisabledByAutomation()) {
      setPolling(true);
      return undefined;
    }
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;

    const onEvent = ({ event, data }: StreamEvent) => {
      try {
        if (event === 'unread') {
          const { total_unread_count: count } = JSON.parse(data) as { total_unread_count: number };
          dispatch(
            notificationsApi.util.updateQueryData('getUnreadNotifications', undefined, (draft) => {
              draft.total_unread_count = count;
            }) as unknown as UnknownAction,
          );
        } else if (event === 'notification') {
          dispatch(notificationsApi.util.invalidateTags([{ type: 'Notifications', id: 'LIST' }]));
        }
      } catch {
        // a malformed event is skipped
      }
    };

    const connect = async (): Promise<void> => {
      let stop = false;
      try {
        const res = await fetch(`${globalThis.location.origin}/api/user/notifications/stream/`, {
          headers: { Authorization: `Token ${token}`, Accept: 'text/event-stream' },
          cache: 'no-store',
          signal: controller.signal,
        });
        if (res.status === 401) stop = true;
        else if (!res.ok || !res.body || !(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) throw new Error('no stream');
        else {
          failures = 0;
          setPolling(false);
          const reader = res.body.getReader();
          const decoder = new TextDecoder();
          let buffer = '';
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            buffer = parseEvents(buffer + decoder.decode(value, { stream: true }), onEvent);
          }
        }
      } catch {
        if (controller.signal.aborted) return;
        failures++;
      }
      if (controller.signal.aborted || stop) return;
      if (failures >= FALLBACK_AFTER_FAILURES) setPolling(true);
      timer = setTimeout(() => void connect(), backoffMs(failures));
    };
    void connect();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [token, dispatch]);

  return { polling };
}
