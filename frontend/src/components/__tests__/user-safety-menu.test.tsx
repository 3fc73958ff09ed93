import { screen, waitFor, within } from '@testing-library/react';
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils';
import { safetyTexts } from '@/i18n/safety';
import { mockApi, reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { postFactory, postList, profileFactory } from '@/testing/factories';

const me = profileFactory({ userProfile: 42, nickName: 'Me' });
const other = profileFactory({ userProfile: 900, nickName: 'Spammer' });

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function setup() {
  const api = mockApi({
    'GET /api/user/myprofile/': () => reply(200, me),
    'GET /api/user/profile/detail/900': () => reply(200, other),
    'GET /api/user/follower_following_counts/900/': () => reply(200, { following_count: 0, followed_count: 0, community_count: 0 }),
    'GET /api/user/approval/followcheck/900/': () => reply(200, { following: false, approved: false }),
    'POST /api/user/blocks/': () => reply(201),
    'POST /api/user/mutes/': () => reply(201),
    'POST /api/user/reports/': () => reply(201, { id: 5 }),
    'GET /api/user/userpostcc/': ({ query }) =>
      reply(200, postList(query.get('count') === '0' ? [postFactory({ id: 71, userPost: 900, text: 'Buy followers' })] : [])),
  });
  const view = renderApp('/user/900', { token: 'tok' });
  mockAllIsIntersecting(true);
  return { api, ...view };
}

describe("a user's safety menu", () => {
  // The person page and the menu are loaded lazily: their modules are transformed here, once,
  // so the first test's queries wait for the screen rather than for the module transform.
  beforeAll(async () => {
    await Promise.all([
      import('@/app/routes/profile/user-route'),
      import('@/components/safety/user-safety-menu'),
      import('@/features/posts/components/post-card'),
    ]);
  }, 120_000);

  it('has every text in both languages', () => {
    expect(keys(safetyTexts.ja).sort()).toEqual(keys(safetyTexts.en).sort());
  });

  it('blocks after asking, from the keyboard', async () => {
    const { api, user } = setup();
    const menu = await screen.findByRole('button', { name: 'More actions for Spammer' });
    menu.focus();
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Block' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Block Spammer\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(api.callsTo('POST /api/user/blocks/')).toHaveLength(1));
    expect(api.callsTo('POST /api/user/blocks/')[0].body).toEqual({ user_id: 900 });
    expect(await screen.findByText('Blocked Spammer')).toBeInTheDocument();
  });

  it('reports the user with a reason and details', async () => {
    const { api, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'More actions for Spammer' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Details (optional)' }), 'rude replies');
    await user.click(send);
    await waitFor(() => expect(api.callsTo('POST /api/user/reports/')).toHaveLength(1));
    expect(api.callsTo('POST /api/user/reports/')[0].body).toEqual({ target_type: 'user', target_id: 900, reason: 'harassment', detail: 'rude replies' });
    expect(await screen.findByText('Thank you. A moderator will look at it.')).toBeInTheDocument();
  });

  it("reports a post from its card's menu (the author can be blocked from there too)", async () => {
    const { api, user } = setup();
    const card = await screen.findByTestId('post-71');
    await user.click(within(card).getByRole('button', { name: /More actions for the post by/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report' });
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(api.callsTo('POST /api/user/reports/')).toHaveLength(1));
    expect(api.callsTo('POST /api/user/reports/')[0].body).toEqual({ target_type: 'post', target_id: 71, reason: 'spam', detail: '' });
  });
});
