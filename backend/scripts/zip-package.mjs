// The one ZIP writer of the samples and the test corpus (samples/make-samples.mjs,
// test/fixtures/corpus/build-corpus.mjs): an OOXML package (a .docx) from its parts, on fflate.
// Fixed times, so a package built again from the same parts has the same bytes.
//
// (Tests that craft hostile archives — headers that lie about sizes, bombs streamed by the
// hundred MB, tens of thousands of entries — use src/modules/uploads/generation/testing/zip-writer.ts:
// writing archives that lie is its whole point, which no ZIP library does.)
import { zipSync } from 'fflate';

const PACKAGE_TIME = new Date(2025, 3, 1); // 2025-04-01 00:00 local, as the hand-written writer stamped

/** `files`: [name, content] pairs in package order; content a string (UTF-8) or bytes. Deflated at level 9. */
export function zipPackage(files) {
  const entries = {};
  for (const [name, content] of files) {
    const data = typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content);
    entries[name] = [data, { level: 9, mtime: PACKAGE_TIME }];
  }
  return Buffer.from(zipSync(entries));
}
