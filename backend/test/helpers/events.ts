import type { INestApplication } from '@nestjs/common';
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
