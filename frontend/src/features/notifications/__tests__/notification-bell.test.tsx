import { screen, waitFor, within } from '@testing-library/react';
import type { Notification } from '@/api/types';
import { mockApi, reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { postFactory, profileFactory } from '@/testing/factories';

let nextId = 1;
function note(overrides: Partial<Notification> = {}): Notification {
  return {
    id: nextId++,
    type: 'post_liked',
    read: false,
    created_on: new Date().toISOString(),
    post: 9,
    comment: null,
    page: null,
    community: null,
    relatedUser: { id: 1, userId: 11, nickName: 'Hanako', img: null },
    preview: 'A post about statistics',
    target_gone: false,
    ...overrides,
  };
}

describe('the notification bell', () => {
  it('shows the unread count, 99+ above 99', async () => {
    mockApi({
      'GET /api/user/myprofile/': () => reply(200, profileFactory({ nickName: 'Taro' })),
      'GET /api/user/notifications/unread/': () => reply(200, { total_unread_count: 120, notifications: [] }),
    });
    renderApp('/settings', { token: 'tok' });
    const bell = await screen.findByRole('button', { name: 'Notifications, 120 unread' });
    expect(within(bell).getByText('99+')).toBeInTheDocument();
  });

  it('opens the dialog: unread highlighted, grouped likes, a click marks read and opens the post, closing marks all read', async () => {
    const comment = note({ type: 'post_commented', comment: 3, preview: 'Very interesting indeed, thank you' });
    const likes = [
      note({ relatedUser: { id: 2, userId: 12, nickName: 'Hanako', img: null } }),
      note({ relatedUser: { id: 3, userId: 13, nickName: 'Emily', img: null } }),
      note({ read: true }),
    ];
    const api = mockApi({
      'GET /api/user/myprofile/': () => reply(200, profileFactory({ nickName: 'Taro' })),
      'GET /api/user/notifications/unread/': () => reply(200, { total_unread_count: 3, notifications: [comment, likes[0], likes[1]] }),
      'GET /api/user/notifications/all/': ({ query }) => reply(200, query.get('count') === '0' ? [comment, ...likes] : []),
      [`PATCH /api/user/notifications/${comment.id}/`]: () => reply(200, { ...comment, read: true }),
      'POST /api/user/notifications/mark-all-read/': () => reply(200, { marked: 2 }),
      'GET /api/user/monopost/9/': () => reply(200, postFactory({ id: 9, text: 'A post about statistics' })),
    });
    const { user, router } = renderApp('/settings', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const commentRow = await within(dialog).findByTestId(`notification-${comment.id}`);
    expect(commentRow).toHaveAttribute('data-unread', 'true');
    expect(within(commentRow).getByText('Hanako commented on your post')).toBeInTheDocument();
    // The preview: 15 characters of a longer text.
    expect(within(commentRow).getByText('Very interestin…')).toBeInTheDocument();
    expect(within(dialog).getByText('Hanako and 2 others liked your post')).toBeInTheDocument();
    await user.click(within(dialog).getByText('Hanako and 2 others liked your post'));
    expect(within(dialog).getByText('Emily liked your post')).toBeInTheDocument();

    await user.click(commentRow);
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/9'));
    expect(api.callsTo(`PATCH /api/user/notifications/${comment.id}/`)[0].body).toEqual({ read: true });
    await waitFor(() => expect(api.callsTo('POST /api/user/notifications/mark-all-read/')).toHaveLength(1));
    expect(await screen.findByText('A post about statistics')).toBeInTheDocument();
  });

  it('says when the target (NotificationEach12) or the user (NotificationEach13) is gone, and marks it read', async () => {
    const gone = note({ type: 'data_book_owned', post: null, page: 4, target_gone: true });
    const noUser = note({ type: 'user_followed', post: null, relatedUser: null });
    const api = mockApi({
      'GET /api/user/myprofile/': () => reply(200, profileFactory({ nickName: 'Taro' })),
      'GET /api/user/notifications/unread/': () => reply(200, { total_unread_count: 2, notifications: [gone, noUser] }),
      'GET /api/user/notifications/all/': ({ query }) => reply(200, query.get('count') === '0' ? [gone, noUser] : []),
      [`PATCH /api/user/notifications/${gone.id}/`]: () => reply(200, { ...gone, read: true }),
      [`PATCH /api/user/notifications/${noUser.id}/`]: () => reply(200, { ...noUser, read: true }),
      'POST /api/user/notifications/mark-all-read/': () => reply(200, { marked: 2 }),
    });
    const { user, router } = renderApp('/settings', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(await within(dialog).findByTestId(`notification-${gone.id}`));
    expect(await screen.findByText('This Book, post or circle no longer exists.')).toBeInTheDocument();
    await user.click(within(dialog).getByTestId(`notification-${noUser.id}`));
    expect(await screen.findByText('This user no longer exists.')).toBeInTheDocument();
    expect(api.callsTo(`PATCH /api/user/notifications/${gone.id}/`)).toHaveLength(1);
    expect(api.callsTo(`PATCH /api/user/notifications/${noUser.id}/`)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/settings');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(api.callsTo('POST /api/user/notifications/mark-all-read/')).toHaveLength(1));
  });
});

describe('the outcome of a report', () => {
  it('tells the reporter what a moderator did; a click marks it read and stays in the dialog', async () => {
    const me = { id: 5, userId: 15, nickName: 'Taro', img: null };
    const hidden = note({ type: 'report_hidden', post: null, preview: null, relatedUser: me });
    const dismissed = note({ type: 'report_dismissed', post: null, preview: null, relatedUser: me, read: true });
    const api = mockApi({
      'GET /api/user/myprofile/': () => reply(200, profileFactory({ nickName: 'Taro' })),
      'GET /api/user/notifications/unread/': () => reply(200, { total_unread_count: 1, notifications: [hidden] }),
      'GET /api/user/notifications/all/': ({ query }) => reply(200, query.get('count') === '0' ? [hidden, dismissed] : []),
      [`PATCH /api/user/notifications/${hidden.id}/`]: () => reply(200, { ...hidden, read: true }),
      'POST /api/user/notifications/mark-all-read/': () => reply(200, { marked: 1 }),
    });
    const { user, router } = renderApp('/settings', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const row = await within(dialog).findByTestId(`notification-${hidden.id}`);
    expect(within(row).getByText('A moderator hid what you reported. Thank you for your report.')).toBeInTheDocument();
    expect(within(dialog).getByText('A moderator reviewed your report and took no action.')).toBeInTheDocument();
    await user.click(row);
    await waitFor(() => expect(api.callsTo(`PATCH /api/user/notifications/${hidden.id}/`)).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
  });
});

describe('/notificationsetting', () => {
  const all = {
    post_liked: true,
    post_commented: true,
    post_reposted: true,
    user_followed: true,
    data_generated: true,
    book_posted: true,
    data_book_followed: true,
    data_book_owned: true,
    followingpage_commented: true,
    followinguser_book_generated: true,
    community_invited: true,
    community_joinrequest_approved: true,
    report_hidden: true,
    report_dismissed: true,
    report_suspended: true,
  };

  it('flips one flag and takes the returned settings', async () => {
    const api = mockApi({
      'GET /api/user/myprofile/': () => reply(200, profileFactory({ nickName: 'Taro' })),
      'GET /api/user/notification-settings/': () => reply(200, all),
      'PUT /api/user/notification-settings/': async ({ json }) => reply(200, { ...all, ...((await json()) as object) }),
    });
    const { user } = renderApp('/notificationsetting', { token: 'tok' });
    expect(await screen.findByRole('heading', { name: 'Notification settings' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Circles' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Your reports' })).getByRole('switch', { name: 'What you reported was hidden' })).toBeChecked();
    const likes = screen.getByRole('switch', { name: 'Likes of your posts' });
    expect(likes).toBeChecked();
    await user.click(likes);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Likes of your posts' })).not.toBeChecked());
    expect(api.callsTo('PUT /api/user/notification-settings/')[0].body).toEqual({ post_liked: false });
    expect(screen.getByRole('switch', { name: 'Comments on your posts' })).toBeChecked();
  });

  it("says 'Failed to update notification' when the server refuses", async () => {
    mockApi({
      'GET /api/user/myprofile/': () => reply(200, profileFactory({ nickName: 'Taro' })),
      'GET /api/user/notification-settings/': () => reply(200, all),
      'PUT /api/user/notification-settings/': () => reply(500, { detail: 'A server error occurred.', code: 'serverError' }),
    });
    const { user } = renderApp('/notificationsetting', { token: 'tok' });
    await user.click(await screen.findByRole('switch', { name: 'Likes of your posts' }));
    expect(await screen.findByText('Failed to update notification')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Likes of your posts' })).toBeChecked();
  });
});
