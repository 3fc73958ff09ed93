import { Injectable } from '@nestjs/common';
import { EventsService } from '../../common/events/events.service';
import { Db } from '../../database/db';

/** `account.deleted`: the Connect account row goes; checkouts and sales stay as accounting records, without the user. */
@Injectable()
export class PaymentsOfDeletedAccounts {
  constructor(
    private readonly db: Db,
    events: EventsService,
  ) {
    events.subscribe('account.deleted', 'payments', ({ userId }) => this.anonymise(userId));
  }

  async anonymise(userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.db.exec(`UPDATE payment_checkouts SET buyer_id = NULL, buyer_email = NULL WHERE buyer_id = :userId`, { userId }, tx);
      await this.db.exec(`UPDATE payment_checkouts SET seller_id = NULL WHERE seller_id = :userId`, { userId }, tx);
      await this.db.exec(`UPDATE payment_sales SET buyer_id = NULL WHERE buyer_id = :userId`, { userId }, tx);
      await this.db.exec(`UPDATE payment_sales SET seller_id = NULL WHERE seller_id = :userId`, { userId }, tx);
      await this.db.exec(`DELETE FROM payment_accounts WHERE user_id = :userId`, { userId }, tx);
    });
  }
}
