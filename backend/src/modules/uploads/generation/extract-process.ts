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
  info: { fileName: string; sizeBytes: number; title?: string },
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

/** A started extraction process: its stderr tail, and whether it has loaded its code. */
interface Started {
  child: ChildProcess;
  heapMb: number;
  stderr: () => string;
  ready: boolean;
  startError?: Error;
}

function start(heapMb: number): Started {
  const { modulePath, args } = childCommand();
  const child = fork(modulePath, args, {
    execArgv: [`--max-old-space-size=${heapMb}`, `--max-semi-space-size=16`],
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
  const started: Started = { child, heapMb, stderr: collectTail(child), ready: false };
  child.on('message', (message: ChildResponse) => {
    if ('ready' in message) started.ready = true;
  });
  child.once('error', (error) => {
    started.startError ??= error;
  });
  return started;
}

/**
 * One process started ahead and waiting for the next file: starting Node and loading the
 * readers (exceljs, mammoth, the cover renderer) takes 1–5 s on a busy machine, which every
 * upload paid before its file was even read. Each process still reads one file and exits, so a
 * file never shares a heap with another; the waiting one holds no reference that keeps this
 * process alive, ends with it (see extract-child.ts), and is stopped by `stopSpareExtractor`.
 */
let spare: Started | undefined;
/** Set at application shutdown: no process is started ahead until the next extraction. */
let stopped = false;

/** Whether the child (its process, IPC channel and stderr pipe) keeps this process's event loop alive. */
function setReferenced(child: ChildProcess, referenced: boolean): void {
  const handles = [child, child.channel as { ref(): void; unref(): void } | null | undefined, child.stderr as unknown as { ref(): void; unref(): void } | null];
  for (const handle of handles) {
    if (referenced) handle?.ref();
    else handle?.unref();
  }
}

function takeProcess(heapMb: number): Started {
  stopped = false;
  const waiting = spare;
  spare = undefined;
  if (waiting && waiting.heapMb === heapMb && waiting.child.exitCode === null && waiting.child.signalCode === null && waiting.child.connected) {
    setReferenced(waiting.child, true);
    return waiting;
  }
  waiting?.child.kill('SIGKILL');
  return start(heapMb);
}

function keepSpare(heapMb: number): void {
  if (spare || stopped) return;
  const next = start(heapMb);
  setReferenced(next.child, false);
  next.child.once('exit', () => {
    if (spare === next) spare = undefined;
  });
  spare = next;
}

/** The process waiting for the next file, if any (tests, diagnostics). */
export function waitingExtractor(): { pid: number; ready: boolean } | undefined {
  return spare?.child.pid === undefined ? undefined : { pid: spare.child.pid, ready: spare.ready };
}

/** Stops the waiting extraction process (application shutdown); a later extraction starts one again. */
export function stopSpareExtractor(): void {
  stopped = true;
  spare?.child.kill('SIGKILL');
  spare = undefined;
}

function runChild(request: ChildRequest): Promise<ExtractOutcome> {
  const started = takeProcess(request.limits.heapMb);
  const { child, stderr } = started;
  // The next file's process starts while this one reads (at low priority, see EXTRACT_NICENESS).
  setImmediate(() => keepSpare(request.limits.heapMb));
  return new Promise<ExtractOutcome>((resolve, reject) => {
    let outcome: ExtractOutcome | undefined;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, request.limits.timeoutMs);
    child.on('message', (message: ChildResponse) => {
      if ('ready' in message) return;
      if (message.ok) outcome = { ok: true, content: { ...message.content, cover: asBuffer(message.content.cover) }, maxRss: message.maxRss };
      else outcome = message;
    });
    child.once('error', (error) => {
      if (child.pid === undefined) {
        clearTimeout(timer);
        reject(new Error(`extraction process could not start: ${error.message}`));
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (outcome) return resolve(outcome);
      // Not the file's fault (it was never read): the job is retried.
      if (!started.ready && !timedOut) {
        const detail = started.startError?.message ?? (stderr().trim().split('\n').slice(-1)[0] || `${signal ?? `code ${code}`}`);
        return reject(new Error(`extraction process failed to start: ${detail.slice(0, 300)}`));
      }
      if (timedOut) return resolve({ ok: false, failure: 'timeout', reason: `extraction took longer than ${request.limits.timeoutMs} ms` });
      const tail = stderr();
      if (/heap out of memory|Reached heap limit|allocation failed/i.test(tail)) {
        return resolve({ ok: false, failure: 'too-large', reason: `extraction ran out of memory (heap limit ${request.limits.heapMb} MiB)` });
      }
      const lastLine = tail.trim().split('\n').slice(-1)[0] ?? '';
      resolve({
        ok: false,
        failure: 'unreadable',
        reason: `extraction process ended (${signal ?? `code ${code}`})${lastLine ? `: ${lastLine.slice(0, 200)}` : ''}`,
      });
    });
    child.send(request);
  });
}
