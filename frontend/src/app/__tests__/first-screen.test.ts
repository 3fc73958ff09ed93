import { waitFor } from '@testing-library/react';
import { api } from '@/api/api';
import { mockApi, reply } from '@/testing/mock-api';
import { bookFactory } from '@/testing/factories';
import { prefetchFirstScreen } from '../first-screen';
import { createAppStore } from '../store';

const preloads = () => [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];

afterEach(() => preloads().forEach((link) => link.remove()));

describe('prefetchFirstScreen', () => {
  it('asks for the Book a visitor arrives on and preloads its cover at high priority, once', async () => {
    const book = bookFactory({ id: 5, img: 'https://example.test/media/covers/rates.jpg' });
    const calls = mockApi({ 'GET /api/user/monopage/get-page-info/': () => reply(200, book) });
    const store = createAppStore();
    prefetchFirstScreen(store, '/mono/5');
    // The copy the page's <picture> shows: on a phone (below 600 px) the 640-px one, else the cover.
    await waitFor(() => expect(preloads()).toHaveLength(2));
    expect(preloads().map((link) => [link.getAttribute('href'), link.getAttribute('media'), link.getAttribute('fetchpriority')])).toEqual([
      ['https://example.test/media/covers/rates.w640.jpg', '(max-width: 599.95px)', 'high'],
      ['https://example.test/media/covers/rates.jpg', '(min-width: 600px)', 'high'],
    ]);
    expect(calls.callsTo('GET /api/user/monopage/get-page-info/').map((c) => c.query.get('pageId'))).toEqual(['5']);
    // The route's own query finds the Book in the cache.
    expect(api.endpoints.getPageInfo.select({ pageId: 5 })(store.getState()).data?.id).toBe(5);

    prefetchFirstScreen(createAppStore(), '/mono/5/');
    await waitFor(() => expect(calls.callsTo('GET /api/user/monopage/get-page-info/')).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(preloads()).toHaveLength(2);
  });

  it("preloads a cover of another address (not one of the server's covers) as it is, for every screen", async () => {
    mockApi({ 'GET /api/user/monopage/get-page-info/': () => reply(200, bookFactory({ id: 7, img: 'https://cdn.example.test/photo.png' })) });
    prefetchFirstScreen(createAppStore(), '/mono/7');
    await waitFor(() => expect(preloads()).toHaveLength(1));
    expect(preloads()[0]).toHaveAttribute('href', 'https://cdn.example.test/photo.png');
    expect(preloads()[0].hasAttribute('media')).toBe(false);
  });

  it('preloads nothing for a Book without a cover, and asks for nothing elsewhere or for a bad id', async () => {
    const calls = mockApi({ 'GET /api/user/monopage/get-page-info/': () => reply(200, bookFactory({ id: 6, img: null })) });
    prefetchFirstScreen(createAppStore(), '/mono/6');
    await waitFor(() => expect(calls.callsTo('GET /api/user/monopage/get-page-info/')).toHaveLength(1));
    for (const path of ['/', '/recommend', '/mono/abc', '/mono/0', '/mono/5/edit']) prefetchFirstScreen(createAppStore(), path);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.callsTo('GET /api/user/monopage/get-page-info/')).toHaveLength(1);
    expect(preloads()).toHaveLength(0);
  });
});
