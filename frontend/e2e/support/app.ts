import * as path from 'node:path';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { linkFromNewestMail } from './mail';

export const VERIFY_LINK = /\/verify\/\d+\/[A-Za-z0-9_~.-]+/;
export const RESET_LINK = /\/reset-password\/\d+\/[A-Za-z0-9_~.-]+/;

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

const requestTrackers = new WeakMap<Page, { inflight: number; last: number }>();

/** Counts the page's requests in flight, for `settled`. Call before the first navigation. */
export function trackRequests(page: Page): void {
  const tracker = { inflight: 0, last: Date.now() };
  page.on('request', () => {
    tracker.inflight++;
    tracker.last = Date.now();
  });
  const done = () => {
    tracker.inflight = Math.max(0, tracker.inflight - 1);
    tracker.last = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  requestTrackers.set(page, tracker);
}

/**
 * Waits for the load event and then until no request has been in flight for `quietMs`: what
 * `networkidle` does, without its fixed 500 ms (the screen sweeps visit 200 screens per run).
 */
export async function settled(page: Page, quietMs = 150): Promise<void> {
  await page.waitForLoadState('load');
  const tracker = requestTrackers.get(page);
  if (!tracker) throw new Error('settled(page) needs trackRequests(page) first');
  const deadline = Date.now() + 15_000;
  while (tracker.inflight > 0 || Date.now() - tracker.last < quietMs) {
    if (Date.now() > deadline) throw new Error(`requests still in flight after 15 s on ${page.url()}`);
    await page.waitForTimeout(25);
  }
}

/**
 * Opens a screen the way the app's own links and the Back button do, without loading the page
 * again: a history entry in React Router's shape and a popstate event. Journeys that look at
 * many screens load the first one and move on with this: loading every screen afresh (the app's
 * bundle and axe parsed again each time) made the eight screen sweeps half of the journeys' time.
 * Deep links stay covered by those first loads, the other journeys' `goto`s and the server's SPA
 * route tests.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const state = window.history.state as { idx?: number } | null;
    window.history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (state?.idx ?? 0) + 1 }, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, path);
  await expect(page).toHaveURL(path);
}

/** Saves a full-page picture for people to review, under frontend/test-results/. */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join('test-results', 'screens', `${name}.png`), fullPage: true });
}

export async function register(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Create an account' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByLabel('Password (again)').fill(password);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/please-verify$/);
  await expect(page.getByRole('heading', { name: 'Check your mailbox' })).toBeVisible();
}

/** Opens the verification link of the newest mail and waits for the redirect to /login. */
export async function verifyFromMail(page: Page, email: string): Promise<void> {
  const link = await linkFromNewestMail(email, VERIFY_LINK);
  await page.goto(link);
  await expect(page.getByText(/Your email is verified/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

/** A small JPEG drawn by the browser itself, so no binary fixture is needed. */
export async function makeJpeg(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 480;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    const gradient = context.createLinearGradient(0, 0, 640, 480);
    gradient.addColorStop(0, '#1f6f78');
    gradient.addColorStop(1, '#f4a261');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 640, 480);
    context.fillStyle = '#ffffff';
    context.beginPath();
    context.arc(320, 240, 120, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1];
  });
  return Buffer.from(base64, 'base64');
}

/** Picks an option of a MUI select by its label. */
export async function selectOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).selectOption({ label: option });
}

/** Registers, verifies through the mailed link, logs in and creates a profile; ends on /home. */
export async function signUpWithProfile(page: Page, email: string, password: string, nickname: string): Promise<void> {
  await register(page, email, password);
  await verifyFromMail(page, email);
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/account$/);
  await page.getByLabel('Nickname').fill(nickname);
  await selectOption(page, 'Year', '1988');
  await selectOption(page, 'Month', '3');
  await selectOption(page, 'Day', '14');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await page.waitForLoadState('networkidle');
}

/** Switches the interface language on /languagesetting. */
export async function switchLanguage(page: Page, to: 'ja' | 'en'): Promise<void> {
  await page.goto('/languagesetting');
  // Each button carries the lang of its language, whatever the current interface language is.
  await page.locator(`main button[lang="${to}"]`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', to);
}

/**
 * Waits until the app has rendered or hydrated the page (app.tsx marks `<html data-app-ready>`):
 * a server-rendered page shows its buttons before the app's code has run, and a click then does
 * nothing, as for a person whose phone is still loading.
 */
export async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: 30_000 });
}
