import { screen, waitFor, within } from '@testing-library/react';
import { i18n } from '@/i18n';
import { mockApi, reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { bookFactory, profileFactory } from '@/testing/factories';

describe('terms of use and privacy policy', () => {
  it('exist in English and Japanese and name themselves in the title', async () => {
    mockApi({});
    renderApp('/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThan(3);
    await waitFor(() => expect(document.title).toBe('Terms of use — monobook'));
    await i18n.changeLanguage('ja');
    expect(await screen.findByRole('heading', { level: 1, name: '利用規約' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('利用規約 — monobook'));
  });

  it('are linked from the login page and from the sign-up checkbox', async () => {
    mockApi({});
    const { user, router } = renderApp('/login');
    const legal = await screen.findByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Terms of use' })).toHaveAttribute('href', '/terms');
    expect(within(legal).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    const signUp = await screen.findByRole('form', { name: 'Create an account' });
    expect(within(signUp).getByRole('link', { name: 'Terms of use' })).toHaveAttribute('target', '_blank');
    expect(within(signUp).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    await user.click(within(legal).getByRole('link', { name: 'Privacy policy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/privacy'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy policy' })).toBeInTheDocument();
  });
});

describe('loading and titles', () => {
  it('shows a skeleton, not a loading text, while a Book loads; then its title names the tab', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockApi({
      'GET /api/user/monopage/get-page-info/': async () => {
        await held;
        return reply(200, bookFactory({ id: 5, title: '都道府県別 健康保険料率' }));
      },
      'GET /api/user/record_page_view/0/5/': () => reply(200, { detail: 'View recorded.' }),
      'GET /api/user/relatedmonopage/5/': () => reply(200, []),
      'GET /api/user/pageattribute/by-monopage/5/': () => reply(200, []),
    });
    const { container } = renderApp('/mono/5');
    const skeleton = await waitFor(() => {
      const found = container.querySelector('[data-skeleton="detail"]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(skeleton).toHaveAttribute('role', 'status');
    release();
    expect(await screen.findByRole('heading', { name: '都道府県別 健康保険料率' })).toBeInTheDocument();
    expect(container.querySelector('[data-skeleton]')).toBeNull();
    await waitFor(() => expect(document.title).toBe('都道府県別 健康保険料率 — monobook'));
  });

  it('shows the absolute date and time on hover of a relative time', async () => {
    mockApi({ 'GET /api/user/myprofile/': () => reply(200, profileFactory({ created_on: '2026-01-02T03:04:05Z' })) });
    renderApp('/languagesetting', { token: 'tok' });
    const time = await screen.findByText(/ago$/);
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', '2026-01-02T03:04:05Z');
    expect(time.getAttribute('title')).toMatch(/January 2, 2026 \d{1,2}:\d{2} [AP]M/);
  });
});

describe('keyboard', () => {
  it('offers a skip link first that moves focus to the screen', async () => {
    mockApi({});
    const { user } = renderApp('/settings');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
