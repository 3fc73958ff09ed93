import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { DrfDetailError, Msg } from '../../common/http/drf-errors';
import { Db, type Tx } from '../../database/db';

/** First key of the per-user advisory lock that serialises quota checks ('upld'). */
const QUOTA_LOCK = 0x75706c64;

/**
 * Each user's upload quota: UPLOAD_DAILY_FILES files and UPLOAD_DAILY_BYTES bytes in any 24
 * hours, counted from the recorded uploads (a refused upload leaves no row, so it does not count).
 */
@Injectable()
export class UploadQuota {
  constructor(
    private readonly db: Db,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
  ) {}

  /**
   * In the transaction that records the upload: 429 (with `Retry-After`, the earliest moment an
   * upload of the last 24 hours leaves the window) when this one would pass the quota. One
   * user's checks take turns (an advisory lock until the transaction ends), so parallel uploads
   * cannot all slip under it.
   */
  async check(userId: number, size: number, tx: Tx): Promise<void> {
    const { files, bytes } = this.options.config.uploadQuota;
    await this.db.exec(`SELECT pg_advisory_xact_lock(${QUOTA_LOCK}, :userId)`, { userId }, tx);
    const used = (await this.db.row<{ files: number; bytes: string; retry: number | null }>(
      `SELECT count(*)::int AS files, coalesce(sum(size_bytes), 0)::text AS bytes,
              ceil(extract(epoch FROM min(created_on) + interval '1 day' - now()))::int AS retry
         FROM uploaded_files WHERE user_id = :userId AND created_on > now() - interval '1 day'`,
      { userId },
      tx,
    ))!;
    if (used.files + 1 <= files && Number(used.bytes) + size <= bytes) return;
    const retryAfter = Math.max(1, used.retry ?? 24 * 60 * 60);
    throw new DrfDetailError(HttpStatus.TOO_MANY_REQUESTS, Msg.uploadQuota(files, bytes), { 'Retry-After': String(retryAfter) });
  }
}
