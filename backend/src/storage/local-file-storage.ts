import * as fs from 'node:fs';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, FileStorage, type StoredObject } from './file-storage';

const CONTENT_TYPE_SUFFIX = '.content-type';

export class LocalFileStorage extends FileStorage {
  constructor(private readonly root: string) {
    super();
  }

  private resolve(key: string): string {
    assertSafeKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`unsafe storage key: ${key}`);
    return full;
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    const file = this.resolve(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(tmp));
    await fs.promises.writeFile(file + CONTENT_TYPE_SUFFIX, contentType);
    await fs.promises.rename(tmp, file);
  }

  async get(key: string): Promise<StoredObject | null> {
    const file = this.resolve(key);
    try {
      const stat = await fs.promises.stat(file);
      const contentType = await fs.promises.readFile(file + CONTENT_TYPE_SUFFIX, 'utf8').catch(() => undefined);
      return { stream: fs.createReadStream(file), contentType, size: stat.size };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.resolve(key);
    await fs.promises.rm(file, { force: true });
    await fs.promises.rm(file + CONTENT_TYPE_SUFFIX, { force: true });
  }

  async presignedUrl(): Promise<string | null> {
    return null;
  }
}
