import { screen, waitFor, within } from '@testing-library/react';
import { mockApi, reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { profileFactory } from '@/testing/factories';

const me = profileFactory({ userProfile: 42, nickName: 'Mod' });
const report = {
  id: 3,
  target_type: 'post',
  target_id: 71,
  target_text: 'Buy cheap followers',
  author_id: 900,
  author: { id: 9, userId: 900, nickName: 'Spammer', img: null },
  report_count: 2,
  reason: 'spam',
  detail: 'ads everywhere',
  status: 'open',
  action: null,
  note: null,
  created_on: '2026-11-27T10:00:00.000Z',
};

describe('/moderation', () => {
  it('shows the queue with the target, its author and report count, and hides a post with a note', async () => {
    const api = mockApi({
      'GET /api/user/myprofile/': () => reply(200, me),
      'GET /api/user/moderation/reports/': ({ query }) =>
        reply(200, query.get('status') === 'open' ? { res: [report], totalCount: 1 } : { res: [], totalCount: 0 }),
      'POST /api/user/moderation/reports/3/resolve/': () => reply(200),
    });
    const { user } = renderApp('/moderation', { token: 'tok' });
    const card = await screen.findByTestId('report-3');
    expect(within(card).getByText('Buy cheap followers')).toBeInTheDocument();
    expect(within(card).getByText('by Spammer')).toBeInTheDocument();
    expect(within(card).getByText(/Reports: 2/)).toBeInTheDocument();
    await user.type(within(card).getByRole('textbox', { name: 'Note' }), 'advertising');
    await user.click(within(card).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(api.callsTo('POST /api/user/moderation/reports/3/resolve/')).toHaveLength(1));
    expect(api.callsTo('POST /api/user/moderation/reports/3/resolve/')[0].body).toEqual({ action: 'hide', note: 'advertising' });
  });

  it('offers Hide on reports of Books and ads, and not on reports of users (suspend instead)', async () => {
    const of = (id: number, target_type: string) => ({ ...report, id, target_type, target_text: null });
    mockApi({
      'GET /api/user/myprofile/': () => reply(200, me),
      'GET /api/user/moderation/reports/': ({ query }) =>
        reply(
          200,
          query.get('status') === 'open' ? { res: [of(4, 'page'), of(5, 'advertisement'), of(6, 'user')], totalCount: 3 } : { res: [], totalCount: 0 },
        ),
    });
    renderApp('/moderation', { token: 'tok' });
    expect(within(await screen.findByTestId('report-4')).getByRole('button', { name: 'Hide' })).toBeInTheDocument();
    expect(within(screen.getByTestId('report-5')).getByRole('button', { name: 'Hide' })).toBeInTheDocument();
    expect(within(screen.getByTestId('report-6')).queryByRole('button', { name: 'Hide' })).not.toBeInTheDocument();
  });

  it('tells a non-moderator the page is for moderators (the server answers 403)', async () => {
    mockApi({
      'GET /api/user/myprofile/': () => reply(200, me),
      'GET /api/user/moderation/reports/': () => reply(403, { detail: 'Only moderators can do this.', code: 'moderatorsOnly' }),
    });
    renderApp('/moderation', { token: 'tok' });
    expect(await screen.findByText('Only moderators can open this page.')).toBeInTheDocument();
  });
});

describe('/blocked', () => {
  it('lists the blocked and muted users and lifts a block', async () => {
    const spammer = { user_id: 900, profile: { id: 9, userId: 900, nickName: 'Spammer', img: null }, created_on: '2026-11-27T10:00:00.000Z' };
    const api = mockApi({
      'GET /api/user/myprofile/': () => reply(200, me),
      'GET /api/user/blocks/': () => reply(200, { res: [spammer], totalCount: 1 }),
      'GET /api/user/mutes/': () => reply(200, { res: [], totalCount: 0 }),
      'DELETE /api/user/blocks/900/': () => reply(204),
    });
    const { user } = renderApp('/blocked', { token: 'tok' });
    expect(await screen.findByText('Spammer')).toBeInTheDocument();
    expect(await screen.findByText('You have not muted anyone.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unblock Spammer' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/user/blocks/900/')).toHaveLength(1));
    expect(await screen.findByText('Unblocked Spammer')).toBeInTheDocument();
  });
});
