/** The hand-written layer without a server: form encoding, page shapes, the event-stream parser, the token header. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MonobookError, createMonobookClient, pageItems, pages, parseEventStream, toFormData } from '../src/index.ts';

test('toFormData: lists as repeated keys, booleans and numbers as text, files with their names, nothing for undefined/null', async () => {
  const form = toFormData({
    title: '題名',
    communities: [3, 7],
    mydata: true,
    price: 0,
    file: { file: new Blob(['a,b\n1,2\n'], { type: 'text/csv' }), filename: 'x.csv' },
    description: undefined,
    img: null,
  });
  assert.deepEqual(form.getAll('communities'), ['3', '7']);
  assert.equal(form.get('mydata'), 'true');
  assert.equal(form.get('price'), '0');
  assert.equal(form.get('title'), '題名');
  const file = form.get('file') as File;
  assert.equal(file.name, 'x.csv');
  assert.equal(await file.text(), 'a,b\n1,2\n');
  assert.equal(form.has('description'), false);
  assert.equal(form.has('img'), false);
  assert.deepEqual([...form.keys()], ['title', 'communities', 'communities', 'mydata', 'price', 'file']);
});

test('pageItems and pages(): a plain array and {res,totalCount} alike, until the first empty page', async () => {
  assert.deepEqual(pageItems([1, 2]), [1, 2]);
  assert.deepEqual(pageItems({ res: [{ id: 1 }], totalCount: 1 }), [{ id: 1 }]);
  assert.throws(() => pageItems({ detail: 'x' }), /Not a page/);
  const asked: number[] = [];
  const got: number[][] = [];
  const store = [[1, 2], [3], [], [4]];
  for await (const page of pages(async (count) => (asked.push(count), { data: { res: store[count], totalCount: 4 }, response: new Response() })))
    got.push(page);
  assert.deepEqual(got, [[1, 2], [3]]);
  assert.deepEqual(asked, [0, 1, 2]);
  await assert.rejects(async () => {
    for await (const _ of pages(async () => ({ error: { count: ['A valid integer is required.'] }, response: new Response(null, { status: 400 }) }))) void _;
  }, /page 0: 400/);
});

test('parseEventStream: events split anywhere across chunks, CRLF/LF/CR, comments, multi-line data, ids', async () => {
  const text =
    ': keep-alive\r\nevent: unread\r\ndata: {"total_unread_count":2}\r\n\r\nid: 7\nevent: notification\ndata: {"a":\ndata: 1}\n\n: ping\n\ndata: plain\r\rretry: 3000\nevent: x\n\n';
  const bytes = new TextEncoder().encode(text);
  for (const size of [1, 3, 7, bytes.length]) {
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (let i = 0; i < bytes.length; i += size) c.enqueue(bytes.slice(i, i + size));
        c.close();
      },
    });
    const events = [];
    for await (const e of parseEventStream(stream)) events.push(e);
    assert.deepEqual(
      events,
      [
        { event: 'unread', data: '{"total_unread_count":2}', id: undefined },
        { event: 'notification', data: '{"a":\n1}', id: '7' },
        { event: 'message', data: 'plain', id: '7' },
      ],
      `chunks of ${size}`,
    );
  }
});

test('the token goes in Authorization: Token …, set by login() and changed by setToken()', async () => {
  const seen: Array<string | null> = [];
  const fetch = async (req: Request) => {
    seen.push(req.headers.get('Authorization'));
    if (req.url.endsWith('/api/user/login/')) return Response.json({ token: 'abc123', redirect_url: '/home', language: 'en' });
    return Response.json([]);
  };
  const client = createMonobookClient({ baseUrl: 'http://monobook.test/', fetch });
  await client.GET('/api/user/pageccja/');
  await client.login('a@example.com', 'pw');
  await client.GET('/api/user/pageccja/');
  client.setToken(undefined);
  await client.GET('/api/user/pageccja/');
  assert.deepEqual(seen, [null, null, 'Token abc123', null]);
  assert.equal(client.token, undefined);
});

test('MonobookError: the codes of a detail answer and of a validation answer', () => {
  const throttled = new MonobookError(
    429,
    { detail: 'Request was throttled. Expected available in 42 seconds.', code: 'throttled', params: { seconds: 42 } },
    'login',
  );
  assert.equal(throttled.code, 'throttled');
  assert.deepEqual(throttled.params, { seconds: 42 });
  assert.deepEqual(throttled.errorCodes, {});
  const invalid = new MonobookError(
    400,
    { code: ['This sign-in has expired or was already used. Please sign in again.'], error_codes: { code: [{ code: 'signInCodeInvalid' }] } },
    'exchange',
  );
  // A validation answer's `code` is a field (sign-in/exchange has one), not the answer's code.
  assert.equal(invalid.code, undefined);
  assert.deepEqual(invalid.errorCodes, { code: [{ code: 'signInCodeInvalid' }] });
});
