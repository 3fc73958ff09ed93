import { defineConfig, type Plugin, type UserConfig } from 'vite';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';

const backend = 'http://localhost:3000';

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside each script, style sheet,
 * HTML, SVG and JSON file of 1 KB or more: the server sends those as they are (@fastify/static
 * `preCompressed`) instead of compressing every request of an immutable file at brotli quality 5,
 * so a first visit downloads about 8 % less and the server spends no CPU on it.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'monobook-precompress',
    // The server renderer's bundle (dist-server) is read from disk by the backend, never sent.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
        );
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * `vite build --ssr` (npm run build): the server renderer, src/entry-server.tsx, into dist-server/
 * for the backend (bootstrap.ts). Its packages are bundled in (ssr.noExternal), so that React and
 * the rest run their production builds whatever NODE_ENV the backend was started with, and one copy
 * of React serves them all.
 */
const serverBuild = {
  outDir: 'dist-server',
  emptyOutDir: true,
  ssr: 'src/entry-server.tsx',
  target: 'node20',
  minify: false,
  copyPublicDir: false,
  // One file: nothing for Node (or Jest's module loader, in the backend's tests) to link at run time.
  rolldownOptions: { output: { inlineDynamicImports: true } },
} as const;

/** The app's build (`ssr`: the server renderer's). */
export const appConfig = (ssr: boolean): UserConfig => ({
  plugins: [react(), precompress()],
  ssr: { noExternal: true as const },
  // (The server bundle's packages read it at run time otherwise.)
  define: ssr ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': backend,
      '/media': backend,
      '/healthz': backend,
    },
  },
  build: ssr
    ? serverBuild
    : {
        outDir: 'dist',
        emptyOutDir: true,
        chunkSizeWarningLimit: 1500,
        // Read by the first-load budget test (src/testing/bundle-budget.test.ts).
        manifest: true,
        rolldownOptions: {
          // A first visit fetches few scripts (e2e/first-visit.spec.ts holds it at 15 at most): every
          // module the entry needs statically goes in one chunk, and the small common chunks rolldown
          // would make for modules a few routes share are copied into those routes' chunks instead
          // (under 50 KB of source each). Lazy parts (routes, dialogs, charts) stay their own chunks.
          // A copied module runs once per copy: modules whose state must be one (Google's script loaded
          // once; React contexts such as MUI's and react-transition-group's *Context modules, shared by
          // a provider and its consumers) are never copied. (The RTK Query endpoint modules may be: a second injection of the same endpoints
          // is skipped.)
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              groups: [{ name: 'initial', tags: ['$initial'] }],
              experimentalInlineCommonChunks: {
                maxSize: 50_000,
                exclude: [/google-sign-in-button/, /Context\.m?[jt]sx?$/],
              },
            },
          },
        },
      },
});

export default defineConfig(({ isSsrBuild }) => appConfig(Boolean(isSsrBuild)));
