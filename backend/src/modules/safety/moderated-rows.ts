import type { ModeratedTarget } from '../../common/events/domain-events';
import type { EventsService } from '../../common/events/events.service';
import type { Db } from '../../database/db';
import { SUSPENDED_REASON } from './safety-sql';

/**
 * The one rule for a table of things a moderator can hide (Books, ads, circles), subscribed by
 * the table's owner module for its own table: `moderated_reason` set hides a row (the owner's
 * reads and lists honour it), `suspended_hidden` marks the rows a suspension hid.
 *  - `moderation.hidden` / `moderation.restored` of `targetType`: a moderator's hide replaces a
 *    suspension's mark (so it survives the lift); a restore leaves a suspension's hide alone;
 *  - `account.suspended` / `account.unsuspended` of the rows' owner (`ownerColumn`): the rows not
 *    hidden already are hidden and marked, and lifting shows exactly the marked ones.
 */
export function subscribeModeratedRows(
  events: EventsService,
  db: Db,
  owner: { subscriber: string; table: 'pages' | 'ads' | 'circles'; targetType: ModeratedTarget; ownerColumn: 'owner_id' | 'user_id' },
): void {
  const { subscriber, table, targetType, ownerColumn } = owner;
  events.subscribe('moderation.hidden', subscriber, async (event) => {
    if (event.targetType !== targetType) return;
    await db.exec(
      `UPDATE ${table} SET moderated_reason = :reason, suspended_hidden = false WHERE id = :id AND (moderated_reason IS NULL OR suspended_hidden)`,
      {
        id: event.targetId,
        reason: event.reason,
      },
    );
  });
  events.subscribe('moderation.restored', subscriber, async (event) => {
    if (event.targetType !== targetType) return;
    await db.exec(`UPDATE ${table} SET moderated_reason = NULL WHERE id = :id AND NOT suspended_hidden`, { id: event.targetId });
  });
  events.subscribe('account.suspended', subscriber, async ({ userId }) => {
    await db.exec(`UPDATE ${table} SET moderated_reason = :reason, suspended_hidden = true WHERE ${ownerColumn} = :owner AND moderated_reason IS NULL`, {
      owner: userId,
      reason: SUSPENDED_REASON,
    });
  });
  events.subscribe('account.unsuspended', subscriber, async ({ userId }) => {
    await db.exec(`UPDATE ${table} SET moderated_reason = NULL, suspended_hidden = false WHERE ${ownerColumn} = :owner AND suspended_hidden`, {
      owner: userId,
    });
  });
}
