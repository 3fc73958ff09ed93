import sharp from 'sharp';
import request from 'supertest';
import { sample, waitForBook } from './helpers/books';
import { Signer } from '../src/common/crypto/signer';
import { eventsHandled } from './helpers/events';
import { createFollow, createUser, type UserFixture } from './helpers/factories';
import { auth, startTestApp, type TestApp } from './helpers/test-app';
import { validationErrors } from './helpers/errors';

const jpeg = () =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: '#3a5c8a' } })
    .jpeg()
    .toBuffer();

/**
 * api-contract rule 7: a data file posted to circles belongs to them. Its Book is read, previewed
 * and downloaded by their members only (a visitor, an outsider and a user whose join request is
 * still pending get 404, as for a Book that does not exist), listed nowhere public, joined by no
 * outside file; the uploader makes it public, and then everyone reads it.
 */
describe('members-only Books (data posted to a circle)', () => {
  let t: TestApp;
  let owner: UserFixture; // the circle's owner: a member who did not upload
  let uploader: UserFixture; // a member who posts the data
  let pending: UserFixture; // asked to join, not approved
  let outsider: UserFixture;
  let circle: number;
  let fileId: number;
  let bookId: number;
  let publicBook: number;
  const api = (p: string) => `/api/user/${p}`;
  const as = (who: UserFixture | undefined, req: request.Test) => (who ? req.set(auth(who.token)) : req);
  const get = (p: string, who?: UserFixture) => as(who, request(t.http).get(api(p)));
  const post = (p: string, who?: UserFixture) => as(who, request(t.http).post(api(p)));
  const ids = (body: Array<{ id: number }>) => body.map((b) => b.id);
  const upload = (who: UserFixture, title: string, circles: number[]) => {
    const req = post('upload/', who).set('Accept-Language', 'ja').field('title', title).field('description', '');
    for (const id of circles) req.field('communities', String(id));
    return req.attach('file', sample('tokyo-weather-2025.csv'), 'tokyo-weather-2025.csv');
  };
  /** The outsider's notifications of a new Book of someone they follow, for this Book. */
  const newBookNotes = async () => {
    await eventsHandled(t.app, 'event.');
    const notes = (await get('notifications/all/', outsider).expect(200)).body as Array<{ type: string; page: number | null }>;
    return notes.filter((n) => n.type === 'followinguser_book_generated' && n.page === bookId);
  };
  /** Every public list a Book can appear in, as `who` reads it (search by the Book's own words). */
  const lists = (who?: UserFixture) => [
    'newpagecc/',
    'pageccja/',
    'monopage/search-pages/?query=' + encodeURIComponent('東京 天気'),
    `${uploader.userId}/monopages-with-files/`,
    `community/${circle}/monopages-with-files/`,
    `relatedmonopage/${publicBook}/`,
    ...(who ? ['followingpage/', 'owning_and_related_pages/'] : []),
  ];
  async function listedFor(who?: UserFixture): Promise<string[]> {
    const found: string[] = [];
    for (const path of lists(who)) if (ids((await get(path, who).expect(200)).body).includes(bookId)) found.push(path);
    const tags = (await get(`pageattribute/by-monopage/${bookId}/`, owner).expect(200)).body as Array<{ id: number }>;
    for (const tag of tags)
      if (ids((await get(`pageattribute/${tag.id}/monopages/`, who).expect(200)).body).includes(bookId)) found.push(`pageattribute/${tag.id}/monopages/`);
    return found;
  }

  beforeAll(async () => {
    t = await startTestApp();
    owner = await createUser(t.app, { nickName: 'Owner' });
    uploader = await createUser(t.app, { nickName: 'Uploader' });
    pending = await createUser(t.app, { nickName: 'Pending' });
    outsider = await createUser(t.app, { nickName: 'Outsider' });
    circle = (
      await post('create-community/', owner)
        .field('title', 'Weather club')
        .field('description', 'members only')
        .attach('image', await jpeg(), 'i.jpg')
        .expect(201)
    ).body.id;
    await post('communityjoin/', uploader).send({ community: circle }).expect(201);
    await post(`community/${circle}/join-request/approve/${uploader.userId}/`, owner).expect(200);
    await post('communityjoin/', pending).send({ community: circle }).expect(201);
    expect((await get(`community_status/${circle}/`, pending).expect(200)).body.status).toBe('join_request_pending');
    await createFollow(t.app, outsider.userId, uploader.userId); // the outsider follows the uploader

    // A public Book first (an outsider's data of another subject), then the circle's Book.
    const other = await post('upload/', outsider)
      .set('Accept-Language', 'ja')
      .field('title', '保険の加入状況')
      .field('description', '')
      .attach('file', sample('prefecture-health-insurance.csv'), 'prefecture-health-insurance.csv')
      .expect(201);
    publicBook = (await waitForBook(t, outsider.userId, other.body.id, 120_000)).page;
    const res = await upload(uploader, '東京の天気', [circle]).expect(201);
    fileId = res.body.id;
    bookId = (await waitForBook(t, uploader.userId, fileId, 120_000)).page;
  }, 240_000); // two Books are generated: slow on a busy machine
  afterAll(() => t.close());

  it('a visitor, an outsider and a user with a pending join request get 404 on the Book, its preview, files, views, tags and follow', async () => {
    for (const who of [undefined, outsider, pending]) {
      const label = who ? who.userId : 'visitor';
      expect([label, (await get(`monopage/get-page-info/?pageId=${bookId}`, who).expect(404)).body]).toEqual([
        label,
        { detail: 'Not found.', code: 'notFound' },
      ]);
      await get(`monopage/${bookId}/preview/`, who).expect(404);
      await get(`pageattribute/by-monopage/${bookId}/`, who).expect(404);
      await get(`relatedmonopage/${bookId}/`, who).expect(404);
      await get(`record_page_view/${who ? who.userId : 0}/${bookId}/`, who).expect(404);
      // Its posts: none, as for a Book that does not exist.
      expect((await get(`monopostcc/?pageId=${bookId}`, who).expect(200)).body).toEqual({ res: [], totalCount: 0, aggregate: { rating__sum: null } });
      if (who) {
        await post('download/', who).send({ file_id: fileId }).expect(404);
        await post('get_s3_url/', who).send({ file_id: fileId }).expect(404);
        await post('followingpage/', who).send({ pageId: bookId }).expect(404);
        await get(`monopage/check-user-page-status/?pageId=${bookId}`, who).expect(404);
        await post('monopost/', who).send({ text: 'about it', reviewTo: bookId }).expect(400);
      }
    }
    await get(`advertisements-for-monopage/${bookId}/`, outsider).expect(404);
    expect((await post('access-log/', outsider).send({ type: 'page', page_id: bookId }).expect(400)).body).toEqual(
      validationErrors({ page_id: [`Invalid pk "${bookId}" - object does not exist.`] }),
    );
    await post('access-log/').send({ type: 'page', page_id: bookId }).expect(400);
    await post('access-log/', owner).send({ type: 'page', page_id: bookId }).expect(201);
    // Followers of the uploader outside the circle hear nothing of it.
    expect(await newBookNotes()).toEqual([]);
    // A Book that does not exist answers the same.
    expect((await get(`monopage/get-page-info/?pageId=999999`, outsider).expect(404)).body).toEqual({ detail: 'Not found.', code: 'notFound' });
  });

  it('is listed nowhere public (lists, search, related, tags, the uploader’s Books, the bookshelf) for them; its circle keeps its public header', async () => {
    for (const who of [undefined, outsider, pending]) expect(await listedFor(who)).toEqual([]);
    // The bookshelf's public header still counts it.
    expect((await get(`community/${circle}/`).expect(200)).body).toMatchObject({ title: 'Weather club', page_count: 1 });
  });

  it('members read, preview and download it, and see it in the lists', async () => {
    for (const who of [owner, uploader]) {
      const info = (await get(`monopage/get-page-info/?pageId=${bookId}`, who).expect(200)).body;
      expect(info).toMatchObject({ id: bookId, members_only: true, can_make_public: who === uploader });
      expect((await get(`monopage/${bookId}/preview/`, who).expect(200)).body.rows.length).toBeGreaterThan(0);
      const file = await post('download/', who).send({ file_id: fileId }).expect(200);
      expect(file.headers['content-type']).toMatch(/text\/csv/);
      await post('get_s3_url/', who).send({ file_id: fileId }).expect(200);
      await get(`record_page_view/${who.userId}/${bookId}/`, who).expect(200);
    }
    // A member takes the free Book with the ticket of get-page-info; an outsider holding a ticket
    // (signed for them, as get-page-info would) finds no such Book.
    const ticket = (await get(`monopage/get-page-info/?pageId=${bookId}`, owner).expect(200)).body.encrypted_pageId;
    await post('owningpage/', owner).send({ encrypted_pageId: ticket }).expect(201);
    const forged = t.app.get(Signer).sign('own-page', `${bookId}:${outsider.userId}`, 3600);
    await post('owningpage/', outsider).send({ encrypted_pageId: forged }).expect(404);
    await post('followingpage/', owner).send({ pageId: bookId }).expect(201);
    await post('monopost/', owner).send({ text: 'our data', reviewTo: bookId, rating: 80 }).expect(201);
    expect((await get(`monopostcc/?pageId=${bookId}`, owner).expect(200)).body.totalCount).toBe(1);
    expect((await get(`monopostcc/?pageId=${bookId}`, outsider).expect(200)).body.totalCount).toBe(0);
    const listed = await listedFor(owner);
    for (const path of [
      'newpagecc/',
      'pageccja/',
      lists()[2],
      `${uploader.userId}/monopages-with-files/`,
      `community/${circle}/monopages-with-files/`,
      'followingpage/',
    ]) {
      expect(listed).toContain(path);
    }
    // By its tags too (so the outsiders' tag lists above were asked about the Book's own tags).
    expect(listed.filter((p) => p.startsWith('pageattribute/')).length).toBeGreaterThan(0);
    // The outsider's list of posts shows the member's review without the Book.
    const review = (await get(`userpostcc/?user_id=${owner.userId}`, outsider).expect(200)).body.res[0];
    expect(review.reviewTo).toBe(bookId);
    expect(JSON.stringify(review)).not.toContain('東京');
  });

  it('an outside upload of the same subject makes a Book of its own instead of joining it', async () => {
    const res = await upload(outsider, '東京の天気', []).expect(201);
    const done = await waitForBook(t, outsider.userId, res.body.id, 120_000);
    expect(done.page).not.toBe(bookId);
    const info = (await get(`monopage/get-page-info/?pageId=${bookId}`, owner).expect(200)).body;
    expect(info.files.map((f: { id: number }) => f.id)).toEqual([fileId]);
    // The circle's files stay out of reach of the outsider.
    await post('download/', outsider).send({ file_id: fileId }).expect(404);
  }, 150_000);

  it('only its creator makes it public (outsiders 404, other members 403); then visitors read it and lists show it', async () => {
    await post(`monopage/${bookId}/make-public/`).expect(401);
    await post(`monopage/${bookId}/make-public/`, outsider).expect(404);
    expect((await post(`monopage/${bookId}/make-public/`, owner).expect(403)).body).toEqual({
      detail: 'Only the creator of this Book can make it public.',
      code: 'bookCreatorOnly',
    });
    const made = (await post(`monopage/${bookId}/make-public/`, uploader).expect(200)).body;
    expect(made).toMatchObject({ id: bookId, members_only: false });
    expect(made.can_make_public).toBeUndefined();
    expect((await get(`monopage/get-page-info/?pageId=${bookId}`).expect(200)).body).toMatchObject({ id: bookId, members_only: false });
    await get(`monopage/${bookId}/preview/`, outsider).expect(200);
    await post('download/', outsider).send({ file_id: fileId }).expect(200);
    expect(await listedFor(undefined)).toEqual(expect.arrayContaining(['newpagecc/', 'pageccja/', `community/${circle}/monopages-with-files/`]));
    // Now the uploader's followers hear of it, once: making it public again changes nothing.
    expect(await newBookNotes()).toHaveLength(1);
    await post(`monopage/${bookId}/make-public/`, uploader).expect(200);
    expect(await newBookNotes()).toHaveLength(1);
  });
});
