import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect } from '@playwright/test';

function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return path.join(dataDir, 'outbox');
}

/** Undo quoted-printable: soft line breaks and =XX escapes (=3D is "="). */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Base64 bodies (used for non-ASCII text) decoded and appended, so links are found there too. */
function readable(raw: string): string {
  const parts = [decodeQuotedPrintable(raw)];
  for (const block of raw.match(/(?:^[A-Za-z0-9+/=]{20,}\r?\n)+/gm) ?? []) {
    parts.push(Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  return parts.join('\n');
}

function mailsTo(address: string): { file: string; text: string; mtime: number }[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => {
      const file = path.join(dir, name);
      return { file, text: readable(fs.readFileSync(file, 'latin1')), mtime: fs.statSync(file).mtimeMs };
    })
    .filter((mail) => new RegExp(`^To:.*${address.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail.text))
    .sort((a, b) => b.mtime - a.mtime || b.file.localeCompare(a.file));
}

/**
 * Waits for the newest mail to `address` holding a link whose path matches `pathPattern`
 * (e.g. /\/verify\/\d+\/[^\s"<]+/) and returns that path, to open on the test's own origin.
 */
export async function linkFromNewestMail(address: string, pathPattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        for (const mail of mailsTo(address)) {
          const match = mail.text.match(pathPattern);
          if (match) {
            found = match[0];
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${address} with a link like ${pathPattern}`, timeout: 20_000 },
    )
    .toBe(true);
  return found as string;
}
