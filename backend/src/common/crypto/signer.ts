import { Inject, Injectable } from '@nestjs/common';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { APP_OPTIONS, type AppOptions } from '../../app-options';

/**
 * HMAC-signed, expiring values: download links for local storage and the opaque
 * `encrypted_pageId` tickets of owningpage/. The key is APP_SECRET, or a random key kept in
 * DATA_DIR/secret.key (one instance; several instances must share APP_SECRET).
 */
@Injectable()
export class Signer {
  private readonly key: Buffer;

  constructor(@Inject(APP_OPTIONS) { config }: AppOptions) {
    if (config.appSecret) {
      this.key = Buffer.from(config.appSecret, 'utf8');
    } else {
      const file = path.join(config.dataDir, 'secret.key');
      if (!fs.existsSync(file)) {
        fs.mkdirSync(config.dataDir, { recursive: true });
        try {
          fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        }
      }
      this.key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'utf8');
    }
  }

  private mac(purpose: string, payload: string): string {
    return crypto.createHmac('sha256', this.key).update(`${purpose}\n${payload}`).digest('base64url');
  }

  /** `payload.expiry.mac`, valid for `seconds`. */
  sign(purpose: string, payload: string, seconds: number): string {
    const expires = Math.floor(Date.now() / 1000) + seconds;
    const body = `${Buffer.from(payload).toString('base64url')}.${expires}`;
    return `${body}.${this.mac(purpose, body)}`;
  }

  /** The payload of a valid, unexpired value signed for this purpose; else null. */
  verify(purpose: string, value: unknown): string | null {
    if (typeof value !== 'string') return null;
    const parts = value.split('.');
    if (parts.length !== 3) return null;
    const [payload, expires, mac] = parts;
    const expected = this.mac(purpose, `${payload}.${expires}`);
    const a = Buffer.from(mac);
    const b = Buffer.from(expected);
    if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return null;
    if (!/^\d+$/.test(expires) || Number(expires) < Date.now() / 1000) return null;
    return Buffer.from(payload, 'base64url').toString('utf8');
  }
}
