import { screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@/i18n';
import { mockApi, reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const NO_VIDEOS = { intro: { ja: null, en: null }, howto: { ja: null, en: null } };

const ENTERPRISE = {
  book_count: 2,
  books: [
    { id: 12, title: 'Sleep diary' },
    { id: 11, title: 'Rent survey' },
  ],
  views: Array.from({ length: 30 }, (_, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, views: i === 29 ? 7 : 1 })),
  followers_by_sex: { male: 3, female: 2, other: 0, unanswered: 1 },
  posts: Array.from({ length: 12 }, (_, i) => ({ month: `2026-${String(i + 1).padStart(2, '0')}`, posts: i, reviews: i ? 1 : 0, rating: i ? 70 : null })),
  sales: { available: false, series: [] },
};

describe('/howto', () => {
  it('shows the walkthrough when no video is configured, and the accordion to /home, /recommend and /recommenduser', async () => {
    mockApi();
    const { user } = renderApp('/howto');
    expect(await screen.findByRole('heading', { level: 1, name: 'How to use' })).toBeInTheDocument();
    const tour = await screen.findByRole('list', { name: 'A tour of monobook in 5 steps' });
    expect(within(tour).getAllByRole('listitem')).toHaveLength(5);
    expect(within(tour).getByRole('heading', { name: 'Post your data' })).toBeInTheDocument();
    expect(document.querySelector('iframe, video')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toHaveAttribute('href', '/home');
    await user.click(screen.getByRole('button', { name: 'Recommend: find Books' }));
    expect(await screen.findByRole('link', { name: 'Go to Recommend' })).toHaveAttribute('href', '/recommend');
    await user.click(screen.getByRole('button', { name: 'People: find people to follow' }));
    expect(await screen.findByRole('link', { name: 'Go to People' })).toHaveAttribute('href', '/recommenduser');
  });

  it('plays the video of the current language: an embedded player in English, a file in Japanese', async () => {
    mockApi({
      'GET /api/user/help-videos/': () =>
        reply(200, {
          intro: { ja: null, en: null },
          howto: {
            en: { kind: 'embed', src: 'https://www.youtube-nocookie.com/embed/abcdefghijk' },
            ja: { kind: 'file', src: 'https://cdn.example.com/howto-ja.mp4' },
          },
        }),
    });
    renderApp('/howto');
    expect(await screen.findByTitle('How-to video')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/abcdefghijk');
    expect(screen.queryByRole('list', { name: /A tour of monobook/ })).toBeNull();
    await i18n.changeLanguage('ja');
    const video = await screen.findByTitle('使い方の動画');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', 'https://cdn.example.com/howto-ja.mp4');
  });

  it('falls back to the walkthrough when a video file cannot play', async () => {
    mockApi({
      'GET /api/user/help-videos/': () =>
        reply(200, { intro: { ja: null, en: null }, howto: { ja: null, en: { kind: 'file', src: 'https://cdn.example.com/gone.mp4' } } }),
    });
    renderApp('/howto');
    const video = await screen.findByTitle('How-to video');
    video.dispatchEvent(new Event('error'));
    expect(await screen.findByRole('list', { name: 'A tour of monobook in 5 steps' })).toBeInTheDocument();
  });

  it('is in Japanese', async () => {
    mockApi({ 'GET /api/user/help-videos/': () => reply(500, { detail: 'A server error occurred.', code: 'serverError' }) });
    await i18n.changeLanguage('ja');
    renderApp('/howto');
    expect(await screen.findByRole('heading', { level: 1, name: '使い方' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: '5ステップでわかるmonobook' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ホームへ' })).toHaveAttribute('href', '/home');
  });
});

describe('/videos', () => {
  it('shows the walkthrough once when neither video is configured', async () => {
    mockApi();
    renderApp('/videos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Videos' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'A tour of monobook in 5 steps' });
    expect(screen.queryByRole('heading', { name: 'What monobook is' })).toBeNull();
  });

  it('shows the intro video and the how-to walkthrough when only the intro is configured', async () => {
    mockApi({
      'GET /api/user/help-videos/': () => reply(200, { ...NO_VIDEOS, intro: { ja: null, en: { kind: 'embed', src: 'https://player.vimeo.com/video/1' } } }),
    });
    renderApp('/videos');
    expect(await screen.findByTitle('Intro video')).toHaveAttribute('src', 'https://player.vimeo.com/video/1');
    expect(screen.getByRole('heading', { name: 'How to use monobook' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'A tour of monobook in 5 steps' })).toBeInTheDocument();
  });
});

describe('the login page how-to dialog and the welcome', () => {
  it('opens the how-to on the login page, step by step, next to the terms and privacy links', async () => {
    mockApi();
    const { user } = renderApp('/login');
    // (the sign-up form below has its own links to them too)
    for (const link of await screen.findAllByRole('link', { name: 'Terms of use' })) expect(link).toHaveAttribute('href', '/terms');
    for (const link of screen.getAllByRole('link', { name: 'Privacy policy' })) expect(link).toHaveAttribute('href', '/privacy');
    await user.click(screen.getByRole('button', { name: 'How to use monobook' }));
    const dialog = await screen.findByRole('dialog', { name: 'How to use monobook' });
    expect(await within(dialog).findByText('Step 1 of 5')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('heading', { name: 'Post your data' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('welcomes a visitor with the intro (the walkthrough without a video)', async () => {
    mockApi();
    localStorage.removeItem('last-visit');
    renderApp('/howto');
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to monobook' });
    expect(await within(dialog).findByRole('group', { name: 'A tour of monobook in 5 steps' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Find Books' })).toBeInTheDocument();
  });
});

describe('the welcome opens whole', () => {
  it('opens only once what it shows is known, with its intro and provider buttons already in it', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    mockApi({
      'GET /api/user/help-videos/': async () => (await held, reply(200, NO_VIDEOS)),
      'GET /api/user/sign-in-providers/': () => reply(200, { google_client_id: null, line: true, yahoo: false }),
    });
    localStorage.removeItem('last-visit');
    renderApp('/howto');
    expect(await screen.findByRole('heading', { level: 1, name: 'How to use' })).toBeInTheDocument();
    // While the intro is not known, no half-made dialog (it grew and moved on a phone's screen).
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    release();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to monobook' });
    // Everything it shows is there the moment it opens: no skeleton, the walkthrough, the LINE button.
    expect(within(dialog).queryByLabelText('Loading the video…')).toBeNull();
    expect(within(dialog).getByRole('group', { name: 'A tour of monobook in 5 steps' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: /LINE/ })).toBeInTheDocument();
  });
});

describe('/analytics', () => {
  it('asks a visitor to log in', async () => {
    const api = mockApi();
    renderApp('/analytics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeInTheDocument();
    expect(within(await screen.findByRole('alert')).getByRole('link')).toHaveAttribute('href', '/login');
    expect(api.callsTo('GET /api/user/analytics/')).toHaveLength(0);
  });

  it('says "enterprise only" to an account on another plan (the server refuses with 403)', async () => {
    mockApi();
    renderApp('/analytics', { token: 'tok' });
    const notice = await screen.findByTestId('analytics-enterprise-only');
    expect(within(notice).getByText('Enterprise only')).toBeInTheDocument();
    expect(notice).toHaveTextContent('part of the enterprise plan');
  });

  it('says it in Japanese too', async () => {
    mockApi({ 'GET /api/user/account/': () => reply(200, { email: 'me@example.com', language: 'ja' }) });
    renderApp('/analytics', { token: 'tok' });
    const notice = await screen.findByTestId('analytics-enterprise-only');
    expect(await within(notice).findByText('エンタープライズ限定')).toBeInTheDocument();
  });

  it('shows an enterprise account its charts, with the figures as tables for screen readers', async () => {
    mockApi({ 'GET /api/user/analytics/': () => reply(200, ENTERPRISE) });
    renderApp('/analytics', { token: 'tok' });
    expect(await screen.findByText('Figures of the 2 Books you own or contributed to.')).toBeInTheDocument();
    // The charts' code is a chunk of its own: on a busy machine it arrives seconds later.
    expect(await screen.findByRole('heading', { name: 'Views per day (last 30 days)' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('36 views in 30 days')).toBeInTheDocument();
    expect(screen.getByText('6 followers')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Followers by sex as a table' })).toHaveTextContent('Male3');
    expect(screen.getByText('Sales appear here once the site takes payments for Books.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sleep diary' })).toHaveAttribute('href', '/mono/12');
    await waitFor(() => expect(document.querySelectorAll('svg.MuiChartsSurface-root, .MuiChartsSurface-root').length).toBeGreaterThan(0), { timeout: 20_000 });
  }, 60_000);

  it('points an enterprise account without Books to finding some', async () => {
    mockApi({ 'GET /api/user/analytics/': () => reply(200, { ...ENTERPRISE, book_count: 0, books: [] }) });
    renderApp('/analytics', { token: 'tok' });
    expect(await screen.findByText(/You have no Books yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find Books' })).toHaveAttribute('href', '/recommend');
  });
});
