import { type ChildProcess, fork } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ChildRequest, type ChildResponse, type ExtractLimits, type UploadFailure } from './extract-protocol';
import { type DataFileType, type ExtractedContent } from './types';

export type ExtractOutcome = { ok: true; content: ExtractedContent; maxRss?: number } | { ok: false; failure: UploadFailure; reason: string };

/** Niceness of the extraction process (0 normal, 19 lowest). */
const EXTRACT_NICENESS = 10;

const GENERATION_DIR = path.join('src', 'modules', 'uploads', 'generation');

/**
 * How to start the child: the compiled extract-child.js beside this file (dist, `npm start`), or
 * from the TypeScript sources through run-ts.cjs (tests: Jest runs the sources as ES modules,
 * where this file has no `__dirname`; the sources are found from the working directory, as the
 * test fixtures find theirs).
 */
function childCommand(): { modulePath: string; args: string[] } {
  if (typeof __dirname === 'string' && fs.existsSync(path.join(__dirname, 'extract-child.js'))) {
    return { modulePath: path.join(__dirname, 'extract-child.js'), args: [] };
  }
  const dir =
    [typeof __dirname === 'string' ? __dirname : '', path.join(process.cwd(), GENERATION_DIR), path.join(process.cwd(), 'backend', GENERATION_DIR)].find(
      (d) => d && fs.existsSync(path.join(d, 'extract-child.ts')),
    ) ?? path.join(process.cwd(), GENERATION_DIR);
  return { modulePath: path.join(dir, 'run-ts.cjs'), args: [path.join(dir, 'extract-child.ts')] };
}

/** The last part of the child's standard error (V8's out-of-memory report lands there). */
function collectTail(child: ChildProcess): () => string {
  let tail = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  });
  return () => tail;
}

function asBuffer(value: unknown): Buffer {
  if (Buffer.isBuffer(value)) return value;
  const bytes = value as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Runs extractContent on one stored file in a child process of its own, with a JavaScript heap
 * limit and a wall-time limit: a file that would exhaust memory or loop fails its own job, and
 * the API (or worker) process only ever holds the file's bytes on their way to a temporary file.
 * DOCX and XLSX are checked against the archive limits in the child before any parser reads them.
 *
 * Only a failing `open()` (storage trouble) throws, so the job queue can retry; everything the
 * file itself causes comes back as `{ ok: false, failure, reason }`.
 */
export async function extractIsolated(
  open: () => Promise<Readable>,
  type: DataFileType,
  info: { fileName: string; sizeBytes: number },
  limits: ExtractLimits,
): Promise<ExtractOutcome> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'mb-extract-'));
  const file = path.join(dir, crypto.randomUUID());
  try {
    await pipeline(await open(), fs.createWriteStream(file, { mode: 0o600 }));
    return await runChild({ path: file, type, info, limits });
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

function runChild(request: ChildRequest): Promise<ExtractOutcome> {
  const { modulePath, args } = childCommand();
  const child = fork(modulePath, args, {
    execArgv: [`--max-old-space-size=${request.limits.heapMb}`, `--max-semi-space-size=16`],
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  // Background work: the scheduler prefers the process answering requests (a no-op where not permitted).
  if (child.pid !== undefined) {
    try {
      os.setPriority(child.pid, EXTRACT_NICENESS);
    } catch {
      // not permitted here: run at normal priority
    }
  }
  const stderr = collectTail(child);
  return new Promise<ExtractOutcome>((resolve, reject) => {
    let outcome: ExtractOutcome | undefined;
    let ready = false;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, request.limits.timeoutMs);
    child.on('message', (message: ChildResponse) => {
      if ('ready' in message) ready = true;
      else if (message.ok) outcome = { ok: true, content: { ...message.content, cover: asBuffer(message.content.cover) }, maxRss: message.maxRss };
      else outcome = message;
    });
    let startError: Error | undefined;
    child.once('error', (error) => {
      startError ??= error;
      if (child.pid === undefined) {
        clearTimeout(timer);
        reject(new Error(`extraction process could not start: ${error.message}`));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (outcome) return resolve(outcome);
      // Not the file's fault (it was never read): the job is retried.
      if (!ready && !timedOut) {
        const detail = startError?.message ?? (stderr().trim().split('\n').slice(-1)[0] || `${signal ?? `code ${code}`}`);
        return reject(new Error(`extraction process failed to start: ${detail.slice(0, 300)}`));
      }
      if (timedOut) return resolve({ ok: false, failure: 'timeout', reason: `extraction took longer than ${request.limits.timeoutMs} ms` });
      const tail = stderr();
      if (/heap out of memory|Reached heap limit|allocation failed/i.test(tail)) {
        return resolve({ ok: false, failure: 'too-large', reason: `extraction ran out of memory (heap limit ${request.limits.heapMb} MiB)` });
      }
      const lastLine = tail.trim().split('\n').slice(-1)[0] ?? '';
      resolve({ ok: false, failure: 'unreadable', reason: `extraction process ended (${signal ?? `code ${code}`})${lastLine ? `: ${lastLine.slice(0, 200)}` : ''}` });
    });
    child.send(request);
  });
}
