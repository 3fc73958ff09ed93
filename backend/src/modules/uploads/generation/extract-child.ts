/**
 * The child process of extract-process.ts: waits for one job over IPC, checks the archive (DOCX,
 * XLSX) against the limits, extracts the content (cover included) and sends it back, then exits.
 * Loaded as compiled JavaScript (dist) or through run-ts.cjs (the TypeScript sources, in tests).
 */
import * as fs from 'node:fs';
import { extractContent } from './extract';
import { ArchiveRefused, checkZipArchive } from './zip-check';
import { type ChildRequest, type ChildResponse } from './extract-protocol';

type Outcome = Exclude<ChildResponse, { ready: true }>;

async function run(request: ChildRequest): Promise<Outcome> {
  const { path, type, info, limits } = request;
  if (type.kind === 'docx' || type.kind === 'xlsx') {
    try {
      await checkZipArchive(path, limits.archive);
    } catch (error) {
      if (error instanceof ArchiveRefused) return { ok: false, failure: error.reason === 'limits' ? 'too-large' : 'unreadable', reason: error.message };
      throw error;
    }
  }
  const content = await extractContent(async () => fs.createReadStream(path, { highWaterMark: 256 * 1024 }), type, info, {
    maxBufferBytes: limits.maxBufferBytes,
  });
  if (content.unreadable) return { ok: false, failure: 'unreadable', reason: content.unreadable };
  return { ok: true, content, maxRss: process.resourceUsage().maxRSS * 1024 };
}

// Started ahead of its file (extract-process.ts): when the parent goes away, so does this process.
process.once('disconnect', () => process.exit(0));
process.send!({ ready: true } satisfies ChildResponse);
process.once('message', (request: ChildRequest) => {
  run(request)
    .catch((error: unknown): Outcome => ({ ok: false, failure: 'unreadable', reason: error instanceof Error ? error.message : String(error) }))
    .then((response) => process.send!(response, () => process.exit(0)));
});
