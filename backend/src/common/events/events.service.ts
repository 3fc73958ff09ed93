import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { JobsService } from '../../jobs/jobs.service';
import type { DomainEventName, DomainEvents } from './domain-events';

export type EventHandler<K extends DomainEventName> = (payload: DomainEvents[K]) => Promise<void>;

/**
 * Durable domain events: a transactional outbox on the job queue. `publish` writes one pg-boss
 * job per subscriber in the caller's transaction, so an event exists exactly when the change
 * that caused it commits, and survives a crash until it is handled. Delivery is at least once:
 * handlers must be idempotent (a unique key on their effect, `ON CONFLICT DO NOTHING`).
 */
@Injectable()
export class EventsService {
  private readonly queues = new Map<DomainEventName, string[]>();

  constructor(private readonly jobs: JobsService) {}

  /**
   * Registers `handler` as subscriber `subscriber` of `name`; call from the subscribing module's
   * constructor or onModuleInit. Each subscriber has a queue of its own, retried on its own.
   */
  subscribe<K extends DomainEventName>(name: K, subscriber: string, handler: EventHandler<K>, opts: { retryLimit?: number } = {}): void {
    const queue = `event.${name}.${subscriber}`;
    const list = this.queues.get(name) ?? [];
    if (list.includes(queue)) throw new Error(`${subscriber} already subscribes to ${name}`);
    list.push(queue);
    this.queues.set(name, list);
    this.jobs.define(queue, handler as (data: object) => Promise<void>, { retryLimit: opts.retryLimit ?? 8 });
  }

  /** Queues the event for every subscriber, in `tx`: it commits or rolls back with the change. */
  async publish<K extends DomainEventName>(name: K, payload: DomainEvents[K], tx: EntityManager): Promise<void> {
    if (!tx.queryRunner?.isTransactionActive) throw new Error(`events.publish(${name}) must run inside the caller's transaction`);
    for (const queue of this.queues.get(name) ?? []) await this.jobs.send(queue, payload, tx);
  }

  subscribers(name: DomainEventName): readonly string[] {
    return this.queues.get(name) ?? [];
  }
}
