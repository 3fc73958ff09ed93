import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INITIAL_JS_BUDGET, currentBuild, firstLoads, frontendRoot, staticClosure } from './bundle-budget';

// Builds first when dist is missing or older than the sources (a few seconds).
const build = currentBuild();
const { shell, routes } = firstLoads(build);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('first-load JavaScript budget', () => {
  it('splits every route of the router into its own chunk', () => {
    const router = readFileSync(join(frontendRoot, 'src/app/router.tsx'), 'utf8');
    const lazyModules = new Set([...router.matchAll(/import\('\.\/(routes\/[^']+)'\)/g)].map((match) => `src/app/${match[1]}.tsx`));
    expect(lazyModules.size).toBeGreaterThan(15);
    expect(routes.map((route) => route.route).sort()).toEqual([...lazyModules].sort());
  });

  it(`keeps the app shell plus any one route within ${kb(INITIAL_JS_BUDGET)} as the server sends it`, () => {
    const worst = routes.reduce((a, b) => (b.brotliBytes > a.brotliBytes ? b : a));
    const over = routes.filter((route) => route.brotliBytes > INITIAL_JS_BUDGET).map((route) => `${route.route}: ${kb(route.brotliBytes)}`);
    const figures = `shell ${kb(shell.brotliBytes)} br / ${kb(shell.gzipBytes)} gz; worst ${worst.route} ${kb(worst.brotliBytes)} br / ${kb(worst.gzipBytes)} gz`;
    expect(over, figures).toEqual([]);
    expect(shell.brotliBytes).toBeLessThan(INITIAL_JS_BUDGET);
  });

  it('declares the fonts in unicode-range subsets shown with font-display: swap, in a style sheet loaded after the first screen', () => {
    // The style sheets the entry loads first (its own and those of the chunks it imports statically): no font in them.
    const entry = Object.keys(build.manifest).find((key) => build.manifest[key].isEntry)!;
    const closure = staticClosure(build.manifest, entry);
    const firstSheets = [...closure].flatMap((key) => build.manifest[key].css ?? []);
    const firstCss = firstSheets.map((file) => readFileSync(join(build.outDir, file), 'utf8')).join('\n');
    expect(firstCss).not.toMatch(/@font-face/);
    // Noto Sans JP's own sheet, which src/app/web-font.ts attaches once the first screen is shown.
    const fontKey = Object.keys(build.manifest).find((key) => key.endsWith('@fontsource-variable/noto-sans-jp/index.css'));
    expect(fontKey).toBeDefined();
    const fontFile = build.manifest[fontKey!].file;
    const scripts = [...closure].map((key) => readFileSync(join(build.outDir, build.manifest[key].file), 'utf8')).join('\n');
    expect(scripts.includes(fontFile.replace(/^.*\//, ''))).toBe(true);
    const faces = readFileSync(join(build.outDir, fontFile), 'utf8').match(/@font-face\s*{[^}]*}/g) ?? [];
    // A browser then downloads only the subsets whose characters the page shows.
    expect(faces.length).toBeGreaterThan(20);
    expect(faces.filter((face) => !/unicode-range:/.test(face) || !/font-display:\s*swap/.test(face))).toEqual([]);
  });

  it('loads the crop and upload dialogs (react-easy-crop, the upload form) only when opened', () => {
    const heavy = [
      'src/components/crop-dialog.tsx',
      'src/features/uploads/components/upload-data-dialog.tsx',
      '../node_modules/react-easy-crop/index.module.mjs',
    ];
    const firstScreens = [shell.route, ...routes.map((route) => route.route)].map((key) => staticClosure(build.manifest, key));
    for (const key of heavy.filter((name) => name in build.manifest)) {
      for (const closure of firstScreens) expect(closure.has(key), key).toBe(false);
    }
    expect(build.manifest['src/components/crop-dialog.tsx']?.isDynamicEntry).toBe(true);
    expect(build.manifest['src/features/uploads/components/upload-data-dialog.tsx']?.isDynamicEntry).toBe(true);
  });

  it('loads the charting library (@mui/x-charts) only with the chart of a Book, never on a first load', () => {
    const firstScreens = [shell.route, ...routes.map((route) => route.route)].map((key) => staticClosure(build.manifest, key));
    const chart = 'src/features/books/components/data/headline-chart.tsx';
    expect(build.manifest[chart]?.isDynamicEntry).toBe(true);
    for (const closure of firstScreens) {
      expect(closure.has(chart)).toBe(false);
      expect([...closure].filter((key) => /x-charts/.test(key))).toEqual([]);
    }
  });
});
