import * as fs from 'node:fs';
import * as path from 'node:path';
import axe from 'axe-core';
import type { AxeResults, RunOptions } from 'axe-core';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';

const BLOCKING = new Set(['serious', 'critical']);
const RUN_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  resultTypes: ['violations'],
};
const REPORT_DIR = path.join('test-results', 'axe');

type Finding = { id: string; impact: string | null | undefined; nodes: number; targets: string[]; help: string };

/**
 * Runs axe-core (WCAG 2.1 A/AA and best practices) on the page as it is now and fails on any
 * serious or critical violation. Every journey calls this on every screen it shows. Findings of
 * all impacts are written to test-results/axe/summary.jsonl for the figures of the closing note.
 * AXE_REPORT_ONLY=1 records without failing (to measure a "before").
 *
 * axe-core is put into the page once per document and run there with `axe.run`. (The app has no
 * frames. @axe-core/playwright's `analyze()` injected it again on every call and finished each run
 * in a new blank page: 1.5–2 s per check on a 2-core machine against 0.1–0.3 s, over 200 checks.)
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  await settle(page);
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'))) {
    await page.evaluate(axe.source);
  }
  let findings = await runAxe(page, RUN_OPTIONS);
  // A contrast finding can be a transition that began after the wait (a snackbar shown when an
  // answer arrives): measure contrast once more when everything has settled. A real one stays.
  if (findings.some((f) => f.id === 'color-contrast')) {
    await page.waitForTimeout(500);
    await settle(page);
    const contrast = await runAxe(page, { ...RUN_OPTIONS, runOnly: { type: 'rule', values: ['color-contrast'] } });
    findings = [...findings.filter((f) => f.id !== 'color-contrast'), ...contrast];
  }
  const info = test.info();
  const language = await page.evaluate(() => document.documentElement.lang);
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  fs.appendFileSync(
    path.join(REPORT_DIR, 'summary.jsonl'),
    `${JSON.stringify({ project: info.project.name, test: info.title, screen, language, url: page.url(), findings })}\n`,
  );
  const blocking = findings.filter((f) => BLOCKING.has(String(f.impact)));
  if (process.env.AXE_REPORT_ONLY) return;
  expect(blocking, `axe: serious/critical violations on ${screen} (${language}, ${info.project.name})`).toEqual([]);
}

async function runAxe(page: Page, options: RunOptions): Promise<Finding[]> {
  const results = await page.evaluate(
    (runOptions) => (window as unknown as { axe: { run(context: Document, options: unknown): Promise<AxeResults> } }).axe.run(document, runOptions),
    options,
  );
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.length,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    help: v.help,
  }));
}

async function settle(page: Page): Promise<void> {
  // Let transitions (dialogs, snackbars, skeleton fades) settle so colours are final: a fading-in
  // snackbar measured half-transparent reads as a contrast failure. Two frames and a short pause
  // let transitions just mounted start; then the running ones are awaited.
  await page.waitForTimeout(100);
  await page.evaluate(() =>
    new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))).then(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime))
            .map((a) => a.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, 2000)),
      ]),
    ),
  );
}
