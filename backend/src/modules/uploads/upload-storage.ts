import type { IncomingMultipartFile, MultipartStorageEngine, UploadedMultipartFile } from '@nestjs/platform-fastify/multipart';
import * as crypto from 'node:crypto';
import { Transform } from 'node:stream';
import type { FileStorage } from '../../storage/file-storage';
import type { AuthUser } from '../../common/auth/auth-user';

export const HEAD_BYTES = 64 * 1024;

/** What the streaming engine leaves on `req.file`. */
export interface StreamedUpload extends UploadedMultipartFile {
  /** Storage key the bytes were streamed to. */
  path: string;
  /** The first 64 KiB, for checking the type by content. */
  head: Buffer;
}

/**
 * A storage engine (multer's contract, used by Nest's Fastify upload interceptors) that streams the upload straight into FileStorage (local disk or
 * S3), keeping only the first 64 KiB in memory for the content check.
 */
export class StreamingUploadStorage implements MultipartStorageEngine {
  constructor(private readonly storage: FileStorage) {}

  _handleFile(req: { user?: AuthUser }, file: IncomingMultipartFile, cb: (error?: unknown, info?: Partial<StreamedUpload>) => void): void {
    const user = req.user;
    const key = `files/${user?.id ?? 0}/${crypto.randomUUID()}`;
    const headChunks: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        if (headLength < HEAD_BYTES) {
          const part = chunk.subarray(0, HEAD_BYTES - headLength);
          headChunks.push(part);
          headLength += part.length;
        }
        size += chunk.length;
        next(null, chunk);
      },
    });
    file.stream.on('error', (err) => tap.destroy(err));
    file.stream.pipe(tap);
    this.storage
      .put(key, tap, 'application/octet-stream')
      .then(() => cb(null, { path: key, size, head: Buffer.concat(headChunks) }))
      .catch((err) => {
        void this.storage.delete(key).catch(() => undefined);
        cb(err);
      });
  }

  _removeFile(_req: unknown, file: UploadedMultipartFile, cb: (error: Error | null) => void): void {
    if (!file.path) return cb(null);
    this.storage
      .delete(file.path)
      .then(() => cb(null))
      .catch((err) => cb(err));
  }
}
