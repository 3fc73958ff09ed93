import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type Readable } from 'node:stream';
import { assertSafeKey, FileStorage, type StoredObject } from './file-storage';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  /** Endpoint browsers reach, for presigned URLs (when it differs from the API's own). */
  publicEndpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

export class S3FileStorage extends FileStorage {
  private readonly client: S3Client;
  private readonly presignClient: S3Client;

  constructor(private readonly settings: S3Settings) {
    super();
    const options = (endpoint?: string) => ({
      region: settings.region,
      endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    });
    this.client = new S3Client(options(settings.endpoint));
    this.presignClient = settings.publicEndpoint ? new S3Client(options(settings.publicEndpoint)) : this.client;
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    assertSafeKey(key);
    // Multipart upload streams bodies of unknown length without holding them in memory.
    await new Upload({ client: this.client, params: { Bucket: this.settings.bucket, Key: key, Body: body, ContentType: contentType } }).done();
  }

  async get(key: string): Promise<StoredObject | null> {
    assertSafeKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { stream: out.Body as Readable, contentType: out.ContentType, size: out.ContentLength };
    } catch (err) {
      if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async presignedUrl(key: string, expiresSeconds: number, downloadName?: string): Promise<string | null> {
    assertSafeKey(key);
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: key,
      ResponseContentDisposition: downloadName ? `attachment; filename*=UTF-8''${encodeURIComponent(downloadName)}` : undefined,
    });
    return getSignedUrl(this.presignClient, command, { expiresIn: Math.min(expiresSeconds, 300) });
  }

  destroy(): void {
    this.client.destroy();
    if (this.presignClient !== this.client) this.presignClient.destroy();
  }
}
