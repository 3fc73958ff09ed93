import type Stripe from 'stripe';
import type { Db, Tx } from '../../database/db';

/**
 * Inserts a Stripe event's id in the transaction of its effect; false when it was handled before
 * (nothing more to do). The one guarantee that an event, however often delivered, acts once.
 */
export async function recordEvent(db: Db, event: Stripe.Event, tx: Tx): Promise<boolean> {
  const recorded = await db.row<{ id: string }>(
    `INSERT INTO payment_events (id, type) VALUES (:id, :type) ON CONFLICT (id) DO NOTHING RETURNING id`,
    { id: event.id, type: event.type.slice(0, 100) },
    tx,
  );
  return recorded !== undefined;
}
