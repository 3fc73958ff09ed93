import { act, screen, waitFor, within } from '@testing-library/react';
import { mockAllIsIntersecting } from 'react-intersection-observer/test-utils';
import { i18n } from '@/i18n';
import { mockApi, reply } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { bookFactory, profileFactory, uploadedFileFactory } from '@/testing/factories';

const me = profileFactory({ userProfile: 42, nickName: 'Me' });
const csv = () => new File(['prefecture,rate\nSaga,10.78\n'], 'health rates.csv', { type: 'text/csv' });

function setupMono() {
  const api = mockApi({
    'GET /api/user/myprofile/': () => reply(200, me),
    'GET /api/user/monopage/get-page-info/': () => reply(200, bookFactory({ id: 5, title: 'A Book' })),
    'GET /api/user/record_page_view/42/5/': () => reply(200, { detail: 'View recorded.' }),
    'GET /api/user/monopage/check-user-page-status/': () => reply(200, { is_followed: false, is_owned: false }),
    'GET /api/user/relatedmonopage/5/': () => reply(200, []),
    'GET /api/user/pageattribute/by-monopage/5/': () => reply(200, []),
    'GET /api/user/uploadedfiles/': () => reply(200, []),
  });
  return { api, ...renderApp('/mono/5', { token: 'tok' }) };
}

async function openDialog(user: ReturnType<typeof renderApp>['user']) {
  await screen.findByRole('heading', { name: 'A Book' });
  await user.click(screen.getByRole('button', { name: 'Post data' }));
  return screen.findByRole('dialog', { name: 'Post data' });
}

describe('upload dialog', () => {
  it('refuses to post without a title and a file', async () => {
    const { api, user } = setupMono();
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await within(dialog).findByText('Please enter a title.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose a file.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Title/), 'Rates');
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await within(dialog).findByText('Please choose a file.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/upload/')).toHaveLength(0);
  });

  it('refuses a file over 50 MB in the browser, before sending anything, and names the limit', async () => {
    const { api, user } = setupMono();
    const dialog = await openDialog(user);
    expect(within(dialog).getByText(/up to 50 MB/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Title/), 'Big');
    const big = new File(['x'], 'big.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 50 * 1024 * 1024 + 1 });
    await user.upload(within(dialog).getByLabelText('Data file'), big);
    expect(await within(dialog).findByText('This file is larger than 50 MB. Please choose a smaller file.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(within(dialog).getByText('This file is larger than 50 MB. Please choose a smaller file.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/user/upload/')).toHaveLength(0);
    // A file at the limit is accepted.
    const ok = new File(['x'], 'ok.csv', { type: 'text/csv' });
    Object.defineProperty(ok, 'size', { value: 50 * 1024 * 1024 });
    await user.upload(within(dialog).getByLabelText('Data file'), ok);
    await waitFor(() => expect(within(dialog).queryByText(/larger than 50 MB/)).not.toBeInTheDocument());
  });

  it('translates the server refusal of a too large file', async () => {
    const { api, user } = setupMono();
    api.use({ 'POST /api/user/upload/': () => reply(413, { detail: 'File too large.', code: 'fileTooLarge' }) });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/Title/), 'Rates');
    await user.upload(within(dialog).getByLabelText('Data file'), csv());
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await within(dialog).findByText('The file is too large.')).toBeInTheDocument();
  });

  it('enables the price only for own data', async () => {
    const { user } = setupMono();
    const dialog = await openDialog(user);
    const price = within(dialog).getByRole('combobox', { name: 'Price' });
    expect(price).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(dialog).getByRole('switch', { name: /my own data/ }));
    expect(price).not.toHaveAttribute('aria-disabled');
    await user.click(price);
    await user.click(await screen.findByRole('option', { name: 'Good (￥3,000)' }));
    expect(price).toHaveTextContent('Good (￥3,000)');
  });

  it('shows DataModal15 when the upload fails, with the server field error', async () => {
    const { api, user } = setupMono();
    api.use({
      'POST /api/user/upload/': () =>
        reply(400, { file: ['Unsupported file type. Upload a JPEG, CSV, Excel or Word file.'], error_codes: { file: [{ code: 'unsupportedFile' }] } }),
    });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/Title/), 'Rates');
    await user.upload(within(dialog).getByLabelText('Data file'), csv());
    expect(within(dialog).getByText('Chosen file: health_rates.csv')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('The data could not be posted. Please try again.')).toBeInTheDocument();
    expect(within(dialog).getByText('This file type is not supported. Upload a JPEG, CSV, Excel or Word file.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Post data' })).toBeInTheDocument();
  });

  it('posts the form, shows DataModal16, closes and goes to /posteddata', async () => {
    const { api, user, router } = setupMono();
    const uploaded = uploadedFileFactory({ title: 'Rates', user_id: 42 });
    api.use({ 'POST /api/user/upload/': () => reply(201, uploaded) });
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText(/Title/), '  Rates ');
    await user.type(within(dialog).getByLabelText('Description'), 'From the ministry');
    await user.upload(within(dialog).getByLabelText('Data file'), csv());
    api.use({ 'GET /api/user/uploadedfiles/': ({ query }) => reply(200, query.get('count') === '0' ? [uploaded] : []) });
    await user.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Your data was posted. The Book will be ready in a moment.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/posteddata'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Post data' })).not.toBeInTheDocument());
    const body = String(api.callsTo('POST /api/user/upload/')[0].body);
    expect(body).toMatch(/name="title"\r\n\r\nRates\r\n/);
    expect(body).toMatch(/name="user_id"\r\n\r\n42\r\n/);
    expect(body).toMatch(/name="mydata"\r\n\r\nfalse\r\n/);
    // jsdom File objects lose their name and content on the way into undici; the browser keeps them.
    expect(body).toMatch(/name="file"; filename=/);
  });

  it('asks visitors to log in', async () => {
    mockApi({
      'GET /api/user/monopage/get-page-info/': () => reply(200, bookFactory({ id: 5, title: 'A Book' })),
      'GET /api/user/record_page_view/0/5/': () => reply(200, { detail: 'View recorded.' }),
      'GET /api/user/relatedmonopage/5/': () => reply(200, []),
      'GET /api/user/pageattribute/by-monopage/5/': () => reply(200, []),
    });
    const { user } = renderApp('/mono/5');
    await screen.findByRole('heading', { name: 'A Book' });
    await user.click(screen.getByRole('button', { name: 'Post data' }));
    const prompt = await screen.findByRole('dialog', { name: 'Log in to continue' });
    expect(within(prompt).getByText('Please log in to do this.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Post data' })).not.toBeInTheDocument();
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('/posteddata', () => {
  it('polls while a Book is generating and links to it when done', async () => {
    const pending = uploadedFileFactory({ id: 900, title: 'Rates', status: 'pending', user_id: 42 });
    let answers = 0;
    const api = mockApi({
      'GET /api/user/myprofile/': () => reply(200, me),
      'GET /api/user/uploadedfiles/': ({ query }) => {
        if (query.get('count') !== '0') return reply(200, []);
        answers += 1;
        return reply(200, [answers >= 2 ? { ...pending, status: 'done', page: 31 } : pending]);
      },
    });
    renderApp('/posteddata', { token: 'tok' });
    await screen.findByTestId('list-sentinel');
    mockAllIsIntersecting(true);
    expect(await screen.findByText('Generating the Book…')).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Open the Book: Rates' }, { timeout: 6000 });
    expect(link).toHaveAttribute('href', '/mono/31');
    expect(api.callsTo('GET /api/user/uploadedfiles/')[0].query.get('user_id')).toBe('42');
    const polls = api.callsTo('GET /api/user/uploadedfiles/').length;
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(api.callsTo('GET /api/user/uploadedfiles/').length).toBe(polls);
  });

  it('says a file could not be read, and why, in the user’s language', async () => {
    const files = [
      uploadedFileFactory({ title: 'Bomb', status: 'failed', failure: 'too-large', user_id: 42 }),
      uploadedFileFactory({ title: 'Broken', status: 'failed', failure: 'unreadable', user_id: 42 }),
    ];
    mockApi({
      'GET /api/user/myprofile/': () => reply(200, me),
      'GET /api/user/uploadedfiles/': ({ query }) => reply(200, query.get('count') === '0' ? files : []),
    });
    renderApp('/posteddata', { token: 'tok' });
    await screen.findByTestId('list-sentinel');
    mockAllIsIntersecting(true);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts).toHaveLength(2);
    expect(alerts[0]).toHaveTextContent('This file could not be read.');
    expect(alerts[0]).toHaveTextContent('too large or too deeply nested');
    expect(alerts[1]).toHaveTextContent('not the kind of file its name says');
    await act(() => i18n.changeLanguage('ja'));
    try {
      expect(await screen.findAllByText('このファイルは読み取れませんでした。')).toHaveLength(2);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('shows the empty state', async () => {
    mockApi({
      'GET /api/user/myprofile/': () => reply(200, me),
      'GET /api/user/uploadedfiles/': () => reply(200, []),
    });
    renderApp('/posteddata', { token: 'tok' });
    await screen.findByTestId('list-sentinel');
    mockAllIsIntersecting(true);
    expect(await screen.findByText('You have not posted any data yet.')).toBeInTheDocument();
  });
});
