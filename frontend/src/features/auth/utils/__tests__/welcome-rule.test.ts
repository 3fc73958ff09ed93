import { describe, expect, it } from 'vitest';
import { LAST_VISIT_KEY, WELCOME_INTERVAL_MS, rememberVisit, shouldWelcome, welcomeDue, welcomeOnThisVisit, welcomesOn } from '../welcome-rule';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
}

describe('the welcome dialog’s 3-hour rule', () => {
  const now = Date.UTC(2026, 10, 25, 12, 0, 0);

  it('welcomes a first visit, and a visit more than 3 hours (10800000 ms) after the last', () => {
    expect(WELCOME_INTERVAL_MS).toBe(10_800_000);
    expect(shouldWelcome(null, now)).toBe(true);
    expect(shouldWelcome(now - 10_800_001, now)).toBe(true);
    expect(shouldWelcome(now - 24 * 3600_000, now)).toBe(true);
  });

  it('does not welcome again within 3 hours (exactly 3 hours is not "more than")', () => {
    expect(shouldWelcome(now - 10_800_000, now)).toBe(false);
    expect(shouldWelcome(now - 60_000, now)).toBe(false);
    expect(shouldWelcome(now, now)).toBe(false);
  });

  it('remembers each visit in storage, so a reload soon after shows nothing and one 3 hours later shows it again', () => {
    const storage = memoryStorage();
    expect(welcomeOnThisVisit(storage, now)).toBe(true);
    expect(storage.values.get(LAST_VISIT_KEY)).toBe(String(now));
    expect(welcomeOnThisVisit(storage, now + 5 * 60_000)).toBe(false);
    // Each visit counts: 3 h after the first but only 2 h 55 min after the last is still quiet.
    expect(welcomeOnThisVisit(storage, now + 10_800_001)).toBe(false);
    expect(welcomeOnThisVisit(storage, now + 5 * 60_000 + 10_800_001 + 10_800_001)).toBe(true);
  });

  it('welcomes when the stored value is unreadable, and when storage refuses', () => {
    expect(welcomeOnThisVisit(memoryStorage({ [LAST_VISIT_KEY]: 'garbage' }), now)).toBe(true);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(welcomeOnThisVisit(refusing, now)).toBe(true);
  });
});

describe('a deep link wins over the welcome (issue 41, item 2)', () => {
  it('welcomes on the front doors only', () => {
    for (const path of ['/', '/home', '/recommend', '/recommend/', '/users', '/communitylist', '/howto'])
      expect([path, welcomesOn(path)]).toEqual([path, true]);
  });

  it('never over a circle invitation, a shared Book, a post, a user or a sign-in step', () => {
    for (const path of [
      '/communitylogin/7',
      '/communitypage/7',
      '/mono/3',
      '/post/12',
      '/user/4',
      '/login',
      '/verify/1/abc',
      '/please-verify',
      '/getpage',
      '/terms',
    ]) {
      expect([path, welcomesOn(path)]).toEqual([path, false]);
    }
  });
});

describe('a deep link does not use up the welcome', () => {
  it('welcomeDue reads without counting the visit; rememberVisit counts it', () => {
    const now = Date.UTC(2026, 10, 25, 12, 0, 0);
    const storage = memoryStorage();
    expect(welcomeDue(storage, now)).toBe(true);
    expect(storage.values.has(LAST_VISIT_KEY)).toBe(false);
    expect(welcomeDue(storage, now + 60_000)).toBe(true);
    rememberVisit(storage, now + 60_000);
    expect(welcomeDue(storage, now + 120_000)).toBe(false);
  });
});
