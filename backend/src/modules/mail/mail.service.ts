import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as crypto from 'node:crypto';
import nodemailer, { Transporter } from 'nodemailer';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import type { Tx } from '../../database/db';
import { JobsService } from '../../jobs/jobs.service';
import { type MailTemplate, renderMail } from './mail-templates';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const MAIL_QUEUE = 'mail-send';

/**
 * The reserved `.invalid` domain (RFC 2606) holds the addresses of accounts a sign-in provider
 * gave no e-mail for (LINE may not): nothing is ever sent there.
 */
export const NO_EMAIL_DOMAIN = 'users.invalid';
export const isDeliverable = (to: string) => !to.toLowerCase().endsWith(`@${NO_EMAIL_DOMAIN}`);

/**
 * Outgoing mail goes through the job queue (so answers do not wait on SMTP and failures retry)
 * to SMTP_URL, or, when no SMTP server is configured, to .eml files in DATA_DIR/outbox.
 */
@Injectable()
export class MailService implements OnModuleInit {
  private readonly logger = new Logger('Mail');
  private transport?: Transporter;

  constructor(
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly jobs: JobsService,
  ) {}

  onModuleInit(): void {
    this.jobs.define<MailMessage>(MAIL_QUEUE, (message) => this.deliver(message), { retryLimit: 8 });
  }

  /** Enqueue a templated mail; with `tx`, atomically with that transaction. */
  async sendTemplate(to: string, template: MailTemplate, language: string, link: string, tx?: Tx): Promise<void> {
    if (!isDeliverable(to)) return;
    const rendered = renderMail(template, language, link);
    await this.jobs.send(MAIL_QUEUE, { to, ...rendered }, tx);
  }

  /** Link into the frontend, on the public origin. */
  frontendLink(pathname: string): string {
    return `${this.options.config.publicUrl}${pathname}`;
  }

  private getTransport(): Transporter {
    if (!this.transport) {
      const { smtpUrl } = this.options.config.mail;
      this.transport = smtpUrl
        ? nodemailer.createTransport(smtpUrl, { ignoreTLS: smtpUrl.startsWith('smtp://') && /localhost|127\.0\.0\.1/.test(smtpUrl) } as object)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    }
    return this.transport;
  }

  async deliver(message: MailMessage): Promise<void> {
    const { from, smtpUrl, outboxDir } = this.options.config.mail;
    const info = await this.getTransport().sendMail({ from, ...message });
    if (smtpUrl) {
      this.logger.log({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
      return;
    }
    await fs.mkdir(outboxDir, { recursive: true });
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
    const file = path.join(outboxDir, name);
    await fs.writeFile(file, (info as unknown as { message: Buffer }).message);
    this.logger.log({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
  }
}
