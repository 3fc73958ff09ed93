/**
 * The five-minute example of README.md, as it is run by the test (test/quickstart.test.ts).
 *
 *   npm start                                     # the server, with the demo users (port 3000)
 *   node clients/typescript/examples/quickstart.ts  # Node 22.12+; MONOBOOK_URL to point elsewhere
 *
 * It logs in as the demo user Hanako, lists Books page by page, reads one, posts a review of it
 * and likes that post, listens to the bell, uploads a CSV and waits for the bell to say that
 * the Book made from it is ready.
 */
import { fileURLToPath } from 'node:url';
import { MonobookError, createMonobookClient } from '../src/index.ts';

export async function quickstart(
  baseUrl: string,
  log: (line: string) => void = console.log,
): Promise<{ bookId: number; postId: number; uploadedFileId: number; generatedBookId: number }> {
  const client = createMonobookClient({ baseUrl });

  // 1. Log in (sign-up is verified by mail; the demo users of `npm start` are ready to use).
  const login = await client.login('hanako@example.com', 'demo-password-2026');
  log(`logged in; the UI language is ${login.language}`);
  const me = await client.GET('/api/user/myprofile/');
  if (!me.data) throw new MonobookError(me.response.status, me.error, 'myprofile');
  log(`I am ${me.data.nickName} (user ${me.data.userProfile})`);

  // 2. List Books: every page of "all Books, newest first" (page index 0, 1, … until an empty page).
  let books = 0;
  let first: { id: number; title: string } | undefined;
  for await (const page of client.pages('/api/user/newpagecc/')) {
    for (const book of page) {
      first ??= book;
      books++;
    }
  }
  if (!first) throw new Error('no Books yet: has the server generated the demo Books?');
  log(`${books} Books; the newest: #${first.id} ${first.title}`);

  // 3. Read one Book.
  const book = await client.GET('/api/user/monopage/get-page-info/', { params: { query: { pageId: first.id } } });
  if (!book.data) throw new MonobookError(book.response.status, book.error, 'get-page-info');
  log(`read Book #${book.data.id}: ${book.data.summary.slice(0, 60)}…`);

  // 4. Review it (a post about the Book, rating in percent, steps of 5), then like that post.
  const post = await client.POST('/api/user/monopost/', { body: { text: 'Clear and useful data.', reviewTo: book.data.id, rating: 80 } });
  if (!post.data) throw new MonobookError(post.response.status, post.error, 'monopost');
  const liked = await client.PUT('/api/user/monopost/{id}/', { params: { path: { id: post.data.id } }, body: { liked: [me.data.userProfile] } });
  if (!liked.data) throw new MonobookError(liked.response.status, liked.error, 'like');
  log(`posted review #${post.data.id} and liked it: ${liked.data.likedTimes} like(s), is_liked=${liked.data.is_liked}`);

  // 5. Listen to the bell (Server-Sent Events) while uploading a CSV: the Book made from it rings it.
  const stop = new AbortController();
  const timeout = setTimeout(() => stop.abort(), 90_000);
  const bell = client.notifications({ signal: stop.signal });
  const opened = await bell.next();
  if (opened.done || opened.value.event !== 'unread') throw new Error('the stream did not open with the unread count');
  log(`bell: ${(opened.value.data as { total_unread_count: number }).total_unread_count} unread`);

  const csv = [
    'month,visitors,loans',
    ...['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06'].map((m, i) => `${m},${1200 + i * 75},${830 + i * 41}`),
  ].join('\n');
  const uploaded = await client.upload('/api/user/upload/', {
    title: 'City library visits 2025',
    description: 'Monthly visitors and loans of a city library.',
    file: { file: new Blob([csv], { type: 'text/csv' }), filename: 'library-visits.csv' },
    price: 0,
    mydata: false,
    communities: [], // a list: one part per id (none here)
  });
  log(`uploaded file #${uploaded.id}: ${uploaded.status}`);

  let generatedBookId = 0;
  try {
    for await (const e of bell) {
      if (e.event === 'notification') {
        const n = e.data as { type: string; page?: number | null };
        log(`bell: ${n.type}${n.page ? ` (Book #${n.page})` : ''}`);
        if (n.type === 'data_generated' && n.page) {
          // The bell rings for every Book of this account (a demo start may still be making its
          // own): is it the one of this upload?
          const files = await client.GET('/api/user/uploadedfiles/', { params: { query: { user_id: me.data.userProfile } } });
          const file = files.data?.find((f) => f.id === uploaded.id);
          if (file?.status === 'done' && file.page === n.page) {
            generatedBookId = n.page;
            break;
          }
        }
      }
    }
  } finally {
    clearTimeout(timeout);
    stop.abort();
  }
  if (!generatedBookId) throw new Error('the bell did not ring for the new Book within 90 s');
  const files = await client.GET('/api/user/uploadedfiles/', { params: { query: { user_id: me.data.userProfile } } });
  const mine = files.data?.find((f) => f.id === uploaded.id);
  log(`file #${uploaded.id} is ${mine?.status}; its Book is #${mine?.page}`);
  return { bookId: book.data.id, postId: post.data.id, uploadedFileId: uploaded.id, generatedBookId };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await quickstart(process.env.MONOBOOK_URL ?? 'http://localhost:3000');
}
