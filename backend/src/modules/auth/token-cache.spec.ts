import { TokenCache } from './token-cache';

const user = (id: number, tokenId = id * 10) => ({ id, email: `u${id}@example.com`, language: 'ja', tokenId });

describe('TokenCache', () => {
  it('keeps nothing while the LISTEN connection is down, and forgets everything when it goes down', () => {
    const cache = new TokenCache();
    cache.set('a', user(1), cache.begin());
    expect(cache.get('a')).toBeUndefined();
    cache.setListening(true);
    cache.set('a', user(1), cache.begin());
    expect(cache.get('a')).toEqual(user(1));
    cache.setListening(false);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('hands out a copy: a request cannot change what the next one gets', () => {
    const cache = new TokenCache();
    cache.setListening(true);
    cache.set('a', user(1), cache.begin());
    const first = cache.get('a')!;
    first.language = 'en';
    expect(cache.get('a')).toEqual(user(1));
    expect(cache.get('a')).not.toBe(cache.get('a'));
  });

  it("forgets every token of an account on its announcement, and only that account's", () => {
    const cache = new TokenCache();
    cache.setListening(true);
    cache.set('a1', user(1, 11), cache.begin());
    cache.set('a2', user(1, 12), cache.begin());
    cache.set('b', user(2), cache.begin());
    cache.onAnnouncement('1');
    expect(cache.get('a1')).toBeUndefined();
    expect(cache.get('a2')).toBeUndefined();
    expect(cache.get('b')).toEqual(user(2));
    cache.onAnnouncement('not an id');
    expect(cache.get('b')).toBeUndefined();
  });

  it('does not keep a lookup that was in flight when a change was announced', () => {
    const cache = new TokenCache();
    cache.setListening(true);
    const before = cache.begin();
    cache.forgetUser(7); // the change commits while the lookup's row (from before it) is on its way
    cache.set('a', user(1), before);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', user(1), cache.begin());
    expect(cache.get('a')).toEqual(user(1));
  });

  it('holds at most maxEntries, dropping the oldest, and trusts an entry for ttlMs at most', () => {
    let now = 0;
    const cache = new TokenCache(2, 1000, () => now);
    cache.setListening(true);
    cache.set('a', user(1), cache.begin());
    cache.set('b', user(2), cache.begin());
    cache.set('c', user(3), cache.begin());
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toEqual(user(3));
    now = 1001;
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.onAnnouncement('3'); // nothing left to forget: no error
  });
});
