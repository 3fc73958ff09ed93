import { type ArchiveLimits } from './zip-check';
import { type DataFileType, type ExtractedContent } from './types';

/**
 * Why a file could not become a Book, as the uploader is told (uploadedfiles/ `failure`):
 * - `unreadable`: damaged, encrypted, or not what its type says;
 * - `too-large`: unpacks to more than the limits (zip bomb, too many parts, XML nested too deep),
 *   or needed more memory than extraction may use;
 * - `timeout`: reading it took longer than allowed;
 * - `interrupted`: the process handling it stopped twice (the job is not tried a third time).
 */
export const UPLOAD_FAILURES = ['unreadable', 'too-large', 'timeout', 'interrupted'] as const;
export type UploadFailure = (typeof UPLOAD_FAILURES)[number];

export interface ExtractLimits {
  /** JavaScript heap of the extraction process, in MiB. */
  heapMb: number;
  /** Wall time of one extraction, in milliseconds. */
  timeoutMs: number;
  archive: ArchiveLimits;
  /** Largest Word / JPEG / legacy file read into memory. */
  maxBufferBytes?: number;
}

export interface ChildRequest {
  path: string;
  type: DataFileType;
  info: { fileName: string; sizeBytes: number; title?: string };
  limits: ExtractLimits;
}

export type ChildResponse =
  /** Sent once the child has loaded its code, before it reads anything. */
  { ready: true } | { ok: true; content: ExtractedContent; maxRss: number } | { ok: false; failure: UploadFailure; reason: string };
