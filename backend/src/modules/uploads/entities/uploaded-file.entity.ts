import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type UploadStatus = 'pending' | 'processing' | 'done' | 'failed';

/** A data file someone uploaded; once generated it belongs to a Book (page). */
@Entity({ name: 'uploaded_files' })
export class UploadedFile {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ name: 'page_id', type: 'int', nullable: true })
  pageId: number | null;

  @Column({ type: 'varchar', length: 100 })
  title: string;

  @Column({ type: 'text', default: '' })
  description: string;

  /** The uploaded name with whitespace replaced by `_`. */
  @Column({ name: 'file_name', type: 'varchar', length: 255 })
  fileName: string;

  @Column({ name: 'storage_key', type: 'varchar', length: 300 })
  storageKey: string;

  @Column({ name: 'mime_type', type: 'varchar', length: 120 })
  mimeType: string;

  @Column({ type: 'varchar', length: 8 })
  kind: string;

  @Column({ name: 'size_bytes', type: 'bigint', transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  sizeBytes: number;

  @Column({ type: 'int', default: 0 })
  price: number;

  @Column({ type: 'boolean', default: false })
  mydata: boolean;

  /** UI language of the uploader when uploading: the language the Book is written in. */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language: string;

  @Column({ type: 'varchar', length: 12, default: 'pending' })
  status: UploadStatus;

  /** Technical detail of the last failure (logs, support); never shown to the uploader. */
  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** Why the file could not become a Book, as the uploader is told (UploadFailure); null otherwise. */
  @Column({ type: 'varchar', length: 24, nullable: true })
  failure: string | null;

  /** How often Book generation started on this file (a job whose process died is tried once more). */
  @Column({ type: 'int', default: 0 })
  attempts: number;

  @CreateDateColumn({ name: 'created_on', type: 'timestamptz' })
  createdOn: Date;

  @Column({ name: 'generated_on', type: 'timestamptz', nullable: true })
  generatedOn: Date | null;

  /** Its uploader asked to delete their account: left out of the lists of their uploads until the purge deletes it. */
  @Column({ type: 'boolean', default: false })
  hidden: boolean;
}
