import { Injectable } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import type { AuthUser } from '../../common/auth/auth-user';
import { Signer } from '../../common/crypto/signer';
import { EventsService } from '../../common/events/events.service';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { Db, type Tx } from '../../database/db';
import { BookAccess } from './book-access.service';

const TICKET_PURPOSE = 'own-page';
/** How long get-page-info's ticket to take a free Book holds (seconds). */
const TICKET_SECONDS = 3600;

export type OwnershipSource = 'free' | 'contributor' | 'purchase';

/** Owning Books (page_owners): buyers, free claimers and contributors. */
@Injectable()
export class BookOwnership {
  constructor(
    private readonly db: Db,
    private readonly signer: Signer,
    private readonly events: EventsService,
    private readonly access: AccessService,
    private readonly bookAccess: BookAccess,
  ) {}

  /** The ticket get-page-info hands a viewer to take free Book `pageId` (takeOwnership). */
  ticket(pageId: number, userId: number): string {
    return this.signer.sign(TICKET_PURPOSE, `${pageId}:${userId}`, TICKET_SECONDS);
  }

  /** Claims a free Book with a ticket the server signed. */
  async takeOwnership(viewer: AuthUser, ticket: string): Promise<number> {
    const payload = this.signer.verify(TICKET_PURPOSE, ticket);
    const [pageText, userText] = payload?.split(':') ?? [];
    if (!payload || Number(userText) !== viewer.id) throw DrfValidationError.field('encrypted_pageId', Msg.invalidKey);
    const pageId = Number(pageText);
    await this.bookAccess.requireReadable(viewer, [pageId]);
    await this.access.require(viewer, Permission.BookClaim, [pageId], { detail: Msg.mustBuy });
    await this.db.transaction((tx) => this.grantOwnership(viewer.id, pageId, 'free', tx));
    return pageId;
  }

  /**
   * The one way a user comes to own a Book: a free claim, contributing a file, or a payment
   * (fulfilment). Idempotent; `book.owned` is published only the first time.
   */
  async grantOwnership(userId: number, bookId: number, source: OwnershipSource, tx: Tx): Promise<boolean> {
    const granted = await this.db.exec(
      `INSERT INTO page_owners (user_id, page_id, source) VALUES (:user, :book, :source) ON CONFLICT (user_id, page_id) DO NOTHING`,
      { user: userId, book: bookId, source },
      tx,
    );
    if (!granted) return false;
    await this.events.publish('book.owned', { userId, bookId, source }, tx);
    return true;
  }
}
