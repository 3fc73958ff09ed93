import * as fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

/** The namespaces of the app's texts (src/i18n/*.json): "posts.likedTitle" starts with one. */
function namespaces(): string[] {
  const names = new Set<string>(['serverMessages']);
  for (const file of ['en.json', 'social-en.json']) {
    const texts = JSON.parse(fs.readFileSync(fileURLToPath(new URL(`../../src/i18n/${file}`, import.meta.url)), 'utf8')) as Record<string, unknown>;
    for (const [key, value] of Object.entries(texts)) if (typeof value === 'object') names.add(key);
  }
  return [...names];
}

const KEY_LIKE = new RegExp(`\\b(?:${namespaces().join('|')})\\.[A-Za-z][A-Za-z0-9_]*(?:\\.[A-Za-z][A-Za-z0-9_]*)*\\b`, 'g');

/**
 * Visible text (and accessible names: aria-label, alt, title, placeholder, the tab title) that
 * looks like a translation key, such as "posts.likedTitle": a text whose translation was not
 * loaded or does not exist. Answers what was found, to be expected empty.
 */
export async function keyLikeTexts(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found = [document.body.innerText, document.title];
    for (const element of document.querySelectorAll('[aria-label], [alt], [title], [placeholder]')) {
      for (const name of ['aria-label', 'alt', 'title', 'placeholder']) {
        const value = element.getAttribute(name);
        if (value) found.push(value);
      }
    }
    return found;
  });
  return [...new Set(texts.flatMap((text) => text.match(KEY_LIKE) ?? []))];
}
