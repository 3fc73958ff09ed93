import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { JobsService } from '../../jobs/jobs.service';
import type { DomainEventName, DomainEvents } from './domain-events';

export type EventHandler<K extends DomainEventName> = (payload: DomainEvents[K]) => Promise<void>;

/**
 * Durable domain events: a transactional outbox on the job queue. Each subscriber has a queue of
 * its own, and its subscription is a row in the database (pg-boss's subscription table), written
 * at start by every process that has the subscriber's code. `publish` writes one job per
 * subscription in the caller's transaction, in one statement, so an event exists exactly when the
 * change that caused it commits, reaches every subscriber whichever process published it (during
 * a rolling deploy a process still running older code also queues for a subscriber that only the
 * newer code has), and survives a crash until it is handled. Its NOTIFY wakes the subscribers'
 * workers at the commit (JobsService). Delivery is at least once: handlers must be idempotent (a
 * unique key on their effect, `ON CONFLICT DO NOTHING`). A subscriber removed from the code keeps
 * its subscription (and gets jobs nobody handles, deleted after pg-boss's retention) until a
 * migration deletes its queue: `SELECT pgboss.delete_queue('event.<name>.<subscriber>')`.
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
    this.jobs.defineSubscriber(name, queue, handler as (data: object) => Promise<void>, { retryLimit: opts.retryLimit ?? 8 });
  }

  /**
   * Queues the event for every subscriber registered in the database, in `tx`: it commits or
   * rolls back with the change. One statement, whatever the number of subscribers.
   */
  async publish<K extends DomainEventName>(name: K, payload: DomainEvents[K], tx: EntityManager): Promise<void> {
    if (!tx.queryRunner?.isTransactionActive) throw new Error(`events.publish(${name}) must run inside the caller's transaction`);
    await this.jobs.publish(name, payload, tx);
  }

  /** The queues of this process's subscribers of `name` (others may have more). */
  subscribers(name: DomainEventName): readonly string[] {
    return this.queues.get(name) ?? [];
  }
}
