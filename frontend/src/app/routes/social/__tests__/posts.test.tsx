import { screen, waitFor, within } from '@testing-library/react';
import { createAppStore } from '@/app/store';
import { mockApi, reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { bookFactory, postFactory, postList, profileFactory } from '@/testing/factories';
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils';
import { postsApi } from '@/features/posts/api';

const me = profileFactory({ userProfile: 201, nickName: 'Me' });

function homeHandlers(posts: ReturnType<typeof postFactory>[]) {
  return {
    'GET /api/user/profile/newprofiles/': () => reply(200, []),
    'GET /api/user/attributecc/': () => reply(200, []),
    'GET /api/user/followingpage/': () => reply(200, []),
    'GET /api/user/postcc/': ({ query }: { query: URLSearchParams }) => reply(200, postList(query.get('count') === '0' ? posts : [])),
  };
}

describe('post cards', () => {
  it('a like moves the count by one on every cached list showing the post, and is undone when refused', async () => {
    const post = postFactory({ id: 71, likedTimes: 4 });
    const api = mockApi({
      'GET /api/user/postcc/': () => reply(200, postList([post])),
      'GET /api/user/userpostcc/': () => reply(200, postList([post])),
      'PUT /api/user/monopost/71/': () => reply(200, { ...post, likedTimes: 5, is_liked: true }),
    });
    const store = createAppStore();
    await store.dispatch(postsApi.endpoints.homePosts.initiate());
    await store.dispatch(postsApi.endpoints.userPosts.initiate({ userId: 900 }));
    const shown = () => [
      postsApi.endpoints.homePosts.select()(store.getState() as never).data?.pages[0][0],
      postsApi.endpoints.userPosts.select({ userId: 900 })(store.getState() as never).data?.pages[0][0],
    ];

    await store.dispatch(postsApi.endpoints.updatePost.initiate({ id: 71, updatePostDto: { liked: [201] } }));
    expect(shown().map((p) => [p?.likedTimes, p?.is_liked])).toEqual([
      [5, true],
      [5, true],
    ]);
    expect(String(api.callsTo('PUT /api/user/monopost/71/')[0].body)).toMatch(/name="liked"\r\n\r\n201\r\n/);

    api.use({ 'PUT /api/user/monopost/71/': () => reply(403, { detail: 'no' }) });
    await store.dispatch(postsApi.endpoints.updatePost.initiate({ id: 71, updatePostDto: { liked: [] } }));
    expect(shown().map((p) => [p?.likedTimes, p?.is_liked])).toEqual([
      [5, true],
      [5, true],
    ]);
  });

  it('keeps a like when a list page fetched meanwhile brings the old counts back: the server answer wins', async () => {
    const post = postFactory({ id: 75, likedTimes: 4 });
    let answerLike: (response: ReturnType<typeof reply>) => void = () => undefined;
    mockApi({
      'GET /api/user/postcc/': () => reply(200, postList([post])),
      'PUT /api/user/monopost/75/': () => new Promise((resolve) => (answerLike = resolve)),
    });
    const store = createAppStore();
    await store.dispatch(postsApi.endpoints.homePosts.initiate());
    const shown = () => postsApi.endpoints.homePosts.select()(store.getState() as never).data?.pages[0][0];

    const liking = store.dispatch(postsApi.endpoints.updatePost.initiate({ id: 75, updatePostDto: { liked: [201] } }));
    await waitFor(() => expect([shown()?.likedTimes, shown()?.is_liked]).toEqual([5, true]));
    // The list is fetched again while the like is on its way, and answers from before it.
    await store.dispatch(postsApi.endpoints.homePosts.initiate(undefined, { forceRefetch: true }));
    expect([shown()?.likedTimes, shown()?.is_liked]).toEqual([4, false]);
    answerLike(reply(200, { ...post, likedTimes: 5, is_liked: true }));
    await liking;
    expect([shown()?.likedTimes, shown()?.is_liked]).toEqual([5, true]);
  });

  it('asks a visitor to log in (Home3) instead of liking, and sends nothing', async () => {
    const api = mockApi(homeHandlers([postFactory({ id: 72, text: 'hello' })]));
    const { user } = renderApp('/home');
    mockAllIsIntersecting(true);
    const card = await screen.findByTestId('post-72');
    await user.click(within(card).getByRole('button', { name: '0 likes' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Please log in to post.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(api.callsTo('PUT /api/user/monopost/72/')).toEqual([]);
  });

  it('shows delete only on the own post, and deletes after the confirmation', async () => {
    const mine = postFactory({ id: 73, userPost: 201, text: 'mine' });
    const theirs = postFactory({ id: 74, userPost: 900, text: 'theirs' });
    const api = mockApi({
      ...homeHandlers([mine, theirs]),
      'GET /api/user/myprofile/': () => reply(200, me),
      'DELETE /api/user/monopost/73/': () => {
        api.use(homeHandlers([theirs]));
        return reply(204);
      },
    });
    const { user } = renderApp('/home', { token: 'tok' });
    mockAllIsIntersecting(true);
    const own = await screen.findByTestId('post-73');
    expect(within(await screen.findByTestId('post-74')).queryByRole('button', { name: 'Delete the post' })).not.toBeInTheDocument();
    await user.click(within(own).getByRole('button', { name: 'Delete the post' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(api.callsTo('DELETE /api/user/monopost/73/')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('post-73')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/user/monopost/73/')).toHaveLength(1);
    expect(screen.getByTestId('post-74')).toBeInTheDocument();
  });

  it('the author edits a review from its card: the dialog starts from the post, and the new text and rating show at once', async () => {
    const mine = postFactory({ id: 76, userPost: 201, text: 'first words', reviewTo: 55, rating: 60, title: 'Tea', purepost_flag: false });
    const theirs = postFactory({ id: 77, userPost: 900, text: 'theirs' });
    // (Of a post not in this list: home shows a post and its repost once.)
    const mineRepost = postFactory({ id: 78, userPost: 201, text: 'older words', reposting: true, repostingFrom: 70, repostingFromUser: 900 });
    let answer: (value: ReturnType<typeof reply>) => void = () => undefined;
    const api = mockApi({
      ...homeHandlers([mineRepost, mine, theirs]),
      'GET /api/user/myprofile/': () => reply(200, me),
      // The server answers when the test says so: the card must change before that.
      'PUT /api/user/monopost/76/': () => new Promise((resolve) => (answer = resolve)),
    });
    const { user } = renderApp('/home', { token: 'tok' });
    mockAllIsIntersecting(true);
    const card = await screen.findByTestId('post-76');
    // Only the author's own (not reposted) post has the edit action.
    expect(within(await screen.findByTestId('post-77')).queryByRole('button', { name: 'Edit the post' })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('post-78')).queryByRole('button', { name: 'Edit the post' })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('post-78')).getByRole('button', { name: 'Delete the post' })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Edit the post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the review' });
    expect(within(dialog).getByText('Tea')).toBeInTheDocument();
    const text = within(dialog).getByRole('textbox', { name: 'Text' });
    expect(text).toHaveValue('first words');
    const slider = within(dialog).getByRole('slider');
    expect(slider).toHaveAttribute('aria-valuenow', '60');
    expect(within(dialog).queryByRole('button', { name: /image/i })).not.toBeInTheDocument(); // a review has no image
    await user.clear(text);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please write something.')).toBeInTheDocument();
    expect(api.callsTo('PUT /api/user/monopost/76/')).toEqual([]);
    await user.type(text, 'second thoughts');
    slider.focus();
    await user.keyboard('{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '55');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.callsTo('PUT /api/user/monopost/76/')).toHaveLength(1));
    // (The dialog is still open: the page behind it is hidden from the accessibility tree.)
    expect(within(card).getByText('second thoughts')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Rating 55%', hidden: true })).toBeInTheDocument();
    const body = String(api.callsTo('PUT /api/user/monopost/76/')[0].body);
    expect(body).toMatch(/name="text"\r\n\r\nsecond thoughts\r\n/);
    expect(body).toMatch(/name="rating"\r\n\r\n55\r\n/);
    expect(body).not.toMatch(/name="img"|name="liked"/);
    answer(reply(200, { ...mine, text: 'second thoughts', rating: 55 }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit the review' })).not.toBeInTheDocument());
    expect(await screen.findByText('Your changes are saved.')).toBeInTheDocument();
    expect(within(card).getByText('second thoughts')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Rating 55%' })).toBeInTheDocument();
  });

  it('the author edits a pure post: its text and image, no rating; only what is set is sent', async () => {
    const mine = postFactory({ id: 80, userPost: 201, text: 'at the bay', img: 'https://files.example/posts/80.jpg' });
    const api = mockApi({
      ...homeHandlers([mine]),
      'GET /api/user/myprofile/': () => reply(200, me),
      'PUT /api/user/monopost/80/': () => reply(200, { ...mine, text: 'at the bay, at dusk' }),
    });
    const { user } = renderApp('/home', { token: 'tok' });
    mockAllIsIntersecting(true);
    const card = await screen.findByTestId('post-80');
    await user.click(within(card).getByRole('button', { name: 'Edit the post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit the post' });
    expect(within(dialog).queryByRole('slider')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Image of the post' })).toHaveAttribute('src', 'https://files.example/posts/80.jpg');
    expect(within(dialog).getByText('Change the image')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), ', at dusk');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit the post' })).not.toBeInTheDocument());
    expect(within(card).getByText('at the bay, at dusk')).toBeInTheDocument();
    const body = String(api.callsTo('PUT /api/user/monopost/80/')[0].body);
    expect(body).toMatch(/name="text"\r\n\r\nat the bay, at dusk\r\n/);
    expect(body).not.toMatch(/name="rating"|name="img"/);
  });

  it('an edit changes the post on every cached list that shows it, and a refused edit puts the old text back', async () => {
    const post = postFactory({ id: 79, userPost: 201, text: 'before', reviewTo: 55, rating: 40 });
    const api = mockApi({
      'GET /api/user/postcc/': () => reply(200, postList([post])),
      'GET /api/user/userpostcc/': () => reply(200, postList([post])),
      'GET /api/user/monopostcc/': () => reply(200, postList([post])),
      'GET /api/user/likedpostscc/likedposts/': () => reply(200, postList([post])),
      'PUT /api/user/monopost/79/': () => reply(200, { ...post, text: 'after', rating: 90, likedTimes: 3 }),
    });
    const store = createAppStore();
    await store.dispatch(postsApi.endpoints.homePosts.initiate());
    await store.dispatch(postsApi.endpoints.userPosts.initiate({ userId: 201 }));
    await store.dispatch(postsApi.endpoints.bookPosts.initiate({ pageId: 55 }));
    await store.dispatch(postsApi.endpoints.likedPosts.initiate());
    const shown = () => {
      const state = store.getState() as never;
      return [
        postsApi.endpoints.homePosts.select()(state).data?.pages[0][0],
        postsApi.endpoints.userPosts.select({ userId: 201 })(state).data?.pages[0][0],
        postsApi.endpoints.bookPosts.select({ pageId: 55 })(state).data?.pages[0][0],
        postsApi.endpoints.likedPosts.select()(state).data?.pages[0][0],
      ].map((p) => [p?.text, p?.rating, p?.likedTimes]);
    };

    await store.dispatch(postsApi.endpoints.updatePost.initiate({ id: post.id, updatePostDto: { text: 'after', rating: 90 } }));
    // The server's answer is what the lists keep (its counts too).
    expect(shown()).toEqual(Array(4).fill(['after', 90, 3]));
    expect(String(api.callsTo('PUT /api/user/monopost/79/')[0].body)).toMatch(/name="text"\r\n\r\nafter\r\n/);

    api.use({ 'PUT /api/user/monopost/79/': () => reply(403, { detail: 'Only the author can change or delete this.', code: 'authorOnly' }) });
    const refused = store.dispatch(postsApi.endpoints.updatePost.initiate({ id: post.id, updatePostDto: { text: 'hacked', rating: 5 } }));
    expect(shown()).toEqual(Array(4).fill(['hacked', 5, 3]));
    await refused;
    expect(shown()).toEqual(Array(4).fill(['after', 90, 3]));
  });

  it("tells the author of a hidden post that only they see it, with the moderator's reason, and a held post that it waits for a moderator", async () => {
    mockApi({
      ...homeHandlers([
        postFactory({ id: 76, text: 'my hidden words', moderated_reason: 'advertising' }),
        postFactory({ id: 77, text: 'my held link', moderated_reason: 'Held for review: a new account with reports against it posted a link.' }),
        postFactory({ id: 78, text: 'my visible words' }),
      ]),
    });
    renderApp('/home', { token: 'tok' });
    mockAllIsIntersecting(true);
    expect(await screen.findByText('A moderator hid this post: only you can see it. Reason: advertising')).toBeInTheDocument();
    expect(screen.getByText(/This post is held for review: only you can see it until a moderator releases it/)).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(2);
  });

  it('wraps long unbroken text instead of widening the card', async () => {
    mockApi(homeHandlers([postFactory({ id: 75, text: 'x'.repeat(100) })]));
    renderApp('/home');
    mockAllIsIntersecting(true);
    const text = await screen.findByText('x'.repeat(100));
    expect(getComputedStyle(text).overflowWrap).toBe('anywhere');
  });
});

describe('the review dialog on a Book', () => {
  it('starts the rating at 70, moves it in steps of 5, and posts the review of the Book', async () => {
    const book = bookFactory({ id: 55, title: 'Tea' });
    const api = mockApi({
      'GET /api/user/myprofile/': () => reply(200, me),
      'GET /api/user/monopage/get-page-info/': () => reply(200, book),
      'GET /api/user/pageattribute/by-monopage/55/': () => reply(200, []),
      'GET /api/user/relatedmonopage/55/': () => reply(200, []),
      'GET /api/user/monopage/check-user-page-status/': () => reply(200, { is_followed: false, is_owned: false }),
      'GET /api/user/record_page_view/201/55/': () => reply(200, { detail: 'View recorded.' }),
      'POST /api/user/monopost/': () => reply(201, postFactory({ reviewTo: 55, rating: 75 })),
    });
    const { user } = renderApp('/mono/55', { token: 'tok' });
    await user.click(await screen.findByRole('button', { name: 'Write a review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a review' });
    const slider = within(dialog).getByRole('slider');
    expect(slider).toHaveAttribute('aria-valuenow', '70');
    expect(slider).toHaveAttribute('aria-valuemin', '5');
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '75');
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await within(dialog).findByText('Please write something.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Lovely');
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(api.callsTo('POST /api/user/monopost/')).toHaveLength(1));
    const body = String(api.callsTo('POST /api/user/monopost/')[0].body);
    expect(body).toMatch(/name="rating"\r\n\r\n75\r\n/);
    expect(body).toMatch(/name="reviewTo"\r\n\r\n55\r\n/);
    expect(body).toMatch(/name="text"\r\n\r\nLovely\r\n/);
  });
});

describe('/request', () => {
  it('approves an incoming request, and the button is disabled afterwards', async () => {
    const requester = { id: 3, userId: 301, nickName: 'Asker', img: null };
    let approved = false;
    const api = mockApi({
      'GET /api/user/myprofile/': () => reply(200, me),
      'GET /api/user/approval/Followeduser/201/': ({ query }) =>
        reply(
          200,
          query.get('count') === '0'
            ? [{ id: 9, askFrom: 301, askTo: 201, approved, created_on: '2024-01-01T00:00:00Z', askFromProfile: requester, askToProfile: null }]
            : [],
        ),
      'GET /api/user/profile/search': () => reply(200, []),
      'POST /api/user/approval/': () => {
        approved = true;
        return reply(201, {});
      },
    });
    const { user } = renderApp('/request', { token: 'tok' });
    mockAllIsIntersecting(true);
    await user.click(await screen.findByRole('button', { name: 'Approve Asker' }));
    expect(await screen.findByRole('button', { name: /Approved/ })).toBeDisabled();
    expect(api.callsTo('POST /api/user/approval/')[0].body).toEqual({ askFrom: 301, askTo: 201, approved: true });
  });
});
