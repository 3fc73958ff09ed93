import type { INestApplication } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { DomainEventName, DomainEvents } from '../../src/common/events/domain-events';
import { EventsService } from '../../src/common/events/events.service';

export type RecordedEvents = { [K in DomainEventName]?: Array<DomainEvents[K]> };

/**
 * Subscribes a recorder to each named event (call in startTestApp's `beforeInit`): the payloads
 * delivered by the job queue are pushed into `into`, in delivery order.
 */
export function recordEvents(app: INestApplication, names: readonly DomainEventName[], into: RecordedEvents): void {
  const bus = app.get(EventsService);
  for (const name of names) {
    bus.subscribe(name, 'test-recorder', async (payload) => {
      ((into[name] ??= []) as unknown[]).push(payload);
    });
  }
}

/**
 * Waits until every queued job whose name starts with `prefix` (e.g. `event.account.` for the
 * subscribers of account events) has been handled: none left created, active or waiting for a
 * retry. A job that keeps failing ends the wait with its error.
 */
export async function eventsHandled(app: INestApplication, prefix: string, timeoutMs = 30_000): Promise<void> {
  const db = app.get<DataSource>(getDataSourceToken());
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE starts_with(name, $1) AND state IN ('created', 'retry', 'active')`, [
      prefix,
    ]);
    if (n === 0) return;
    if (Date.now() > deadline) {
      const pending = await db.query(`SELECT name, state, output FROM pgboss.job WHERE starts_with(name, $1) AND state <> 'completed'`, [prefix]);
      throw new Error(`jobs ${prefix}* not handled in ${timeoutMs} ms: ${JSON.stringify(pending)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
