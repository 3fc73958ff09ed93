import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** JavaScript (compressed) a first visit may download before its first screen, whatever the route. */
export const INITIAL_JS_BUDGET = 250 * 1024;

/**
 * The build writes each script compressed with brotli at quality 11 and the server sends that
 * file (vite.config.ts, `preCompressed`); the budget counts brotli at quality 5, what the server
 * sends when the precompressed file is missing (some 8 % more): a margin. Gzip figures are
 * reported beside them. e2e/first-visit.spec.ts measures what a browser really downloads.
 */
const brotliSize = (data: Buffer) => brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length;

/** One entry of Vite's build manifest (`build.manifest: true`). */
type ManifestChunk = {
  file: string;
  css?: string[];
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

export const frontendRoot = resolve(import.meta.dirname, '../..');

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, name)));
  return newest;
}

/**
 * The manifest of the current sources: dist's when it is newer than every source, otherwise
 * that of a fresh build into a scratch folder (dist, which a running server may use, stays).
 */
export function currentBuild(): { outDir: string; manifest: Manifest } {
  const inputs = ['src', 'index.html', 'vite.config.ts', 'package.json'].map((name) => join(frontendRoot, name));
  const sourcesChanged = Math.max(...inputs.map(newestChange));
  let outDir = join(frontendRoot, 'dist');
  const distManifest = join(outDir, '.vite/manifest.json');
  if (!existsSync(distManifest) || statSync(distManifest).mtimeMs < sourcesChanged) {
    outDir = join(frontendRoot, 'node_modules/.cache/bundle-budget');
    const vite = join(frontendRoot, '../node_modules/vite/bin/vite.js');
    const build = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: frontendRoot,
      encoding: 'utf8',
      // Under vitest NODE_ENV is "test", which would bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error(`vite build failed:\n${build.stderr}`);
  }
  return { outDir, manifest: JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest };
}

/** The manifest keys a chunk loads before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export type FirstLoad = { route: string; files: string[]; brotliBytes: number; gzipBytes: number };

/** For each lazily loaded route: the app shell's JavaScript plus the route's own, compressed. */
export function firstLoads({ outDir, manifest }: { outDir: string; manifest: Manifest }): { shell: FirstLoad; routes: FirstLoad[] } {
  const sizes = new Map<string, { brotli: number; gzip: number }>();
  const sizeOf = (key: string) => {
    const file = manifest[key].file;
    let size = sizes.get(file);
    if (!size) {
      const data = readFileSync(join(outDir, file));
      size = { brotli: brotliSize(data), gzip: gzipSync(data).length };
      sizes.set(file, size);
    }
    return size;
  };
  const measure = (route: string, keys: Set<string>): FirstLoad => {
    const js = [...keys].filter((key) => manifest[key].file.endsWith('.js'));
    return {
      route,
      files: js.map((key) => manifest[key].file),
      brotliBytes: js.reduce((sum, key) => sum + sizeOf(key).brotli, 0),
      gzipBytes: js.reduce((sum, key) => sum + sizeOf(key).gzip, 0),
    };
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  const shellKeys = staticClosure(manifest, entry);
  const routes = Object.keys(manifest)
    .filter((key) => key.startsWith('src/app/routes/') && manifest[key].isDynamicEntry)
    .map((key) => measure(key, staticClosure(manifest, key, new Set(shellKeys))));
  return { shell: measure(entry, shellKeys), routes };
}
