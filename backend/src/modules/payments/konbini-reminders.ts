import { Injectable } from '@nestjs/common';
import { Db } from '../../database/db';
import { JobsService } from '../../jobs/jobs.service';
import { MailService } from '../mail/mail.service';
import { StripeGateway } from './stripe-gateway';

const REMINDER_QUEUE = 'payments-konbini-reminders';

/** Hourly: konbini buyers whose voucher expires within 24 hours get one reminder, in their language. */
@Injectable()
export class KonbiniReminders {
  constructor(
    private readonly db: Db,
    private readonly mail: MailService,
    gateway: StripeGateway,
    jobs: JobsService,
  ) {
    if (gateway.enabled) jobs.define(REMINDER_QUEUE, () => this.remind().then(() => undefined), { cron: '7 * * * *', retryLimit: 1 });
  }

  /** Marks and mails, in one transaction (a mail is queued with its mark); answers how many were reminded. */
  async remind(): Promise<number> {
    return this.db.transaction(async (tx) => {
      const due = await this.db.rows<{ buyer_email: string | null; language: string; voucher_url: string | null; page_id: number | null }>(
        `UPDATE payment_checkouts SET reminded_on = now()
          WHERE status = 'pending' AND reminded_on IS NULL AND voucher_expires_at > now() AND voucher_expires_at <= now() + interval '24 hours'
          RETURNING buyer_email, language, voucher_url, page_id`,
        {},
        tx,
      );
      for (const row of due) {
        if (!row.buyer_email) continue;
        const link = row.voucher_url ?? this.mail.frontendLink(row.page_id ? `/mono/${row.page_id}` : '/home');
        await this.mail.sendTemplate(row.buyer_email, 'konbini-reminder', row.language, link, tx);
      }
      return due.length;
    });
  }
}
