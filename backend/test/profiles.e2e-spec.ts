import request from 'supertest';
import sharp from 'sharp';
import { auth, signUp, startTestApp, type TestApp } from './helpers/test-app';
import { validationErrors } from './helpers/errors';

const jpeg = (w = 600, h = 400) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3a8a5c' } })
    .jpeg()
    .toBuffer();

describe('profiles', () => {
  let t: TestApp;
  let hanako: { token: string; userId: number };
  let taro: { token: string; userId: number };
  let hanakoProfileId: number;

  beforeAll(async () => {
    t = await startTestApp({ IMAGE_MAX_BYTES: String(200 * 1024) });
    hanako = await signUp(t, 'hanako@example.com');
    taro = await signUp(t, 'taro@example.com');
  });
  afterAll(() => t.close());

  it('myprofile is 404 until the profile is created, and 401 without a token', async () => {
    await request(t.http).get('/api/user/myprofile/').expect(401);
    await request(t.http).get('/api/user/myprofile/').set(auth(hanako.token)).expect(404, { detail: 'Not found.', code: 'notFound' });
  });

  it('creates a profile with every field and an avatar checked by content', async () => {
    const res = await request(t.http)
      .post('/api/user/profile/')
      .set(auth(hanako.token))
      .field('nickName', '山田花子')
      .field('caption', '統計と健康保険のデータが好きです')
      .field('description', '都道府県ごとのデータを集めています。')
      .field('birth', '1990-04-01')
      .field('sex', '3')
      .attach('img', await jpeg(), 'my avatar.jpg')
      .expect(201);
    hanakoProfileId = res.body.id;
    expect(res.body).toMatchObject({
      userProfile: hanako.userId,
      nickName: '山田花子',
      caption: '統計と健康保険のデータが好きです',
      birth: '1990-04-01',
      birthday: '1990-04-01',
      birthYear: 1990,
      birthMonth: 4,
      birthDay: 1,
      sex: '3',
      imgBackground: null,
    });
    expect(res.body.created_on).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
    expect(res.body.img).toMatch(/^http:\/\/app\.test\/media\/profiles\/\d+\/[0-9a-f-]+\.jpg$/);

    // The avatar is served back as a JPEG without its original metadata.
    const img = await request(t.http).get(new URL(res.body.img).pathname).expect(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(img.body).metadata()).format).toBe('jpeg');

    const mine = await request(t.http).get('/api/user/myprofile/').set(auth(hanako.token)).expect(200);
    expect(mine.body).toEqual(res.body);
  });

  it('refuses a second profile for the same user', async () => {
    await request(t.http)
      .post('/api/user/profile/')
      .set(auth(hanako.token))
      .field('nickName', 'Again')
      .expect(
        400,
        validationErrors({
          non_field_errors: ['This user already has a profile.'],
        }),
      );
  });

  it('validates fields as the spec says, and stores nothing on refusal', async () => {
    const post = () => request(t.http).post('/api/user/profile/').set(auth(taro.token));
    await post()
      .field('caption', 'no name')
      .expect(400, validationErrors({ nickName: ['This field is required.'] }));
    await post()
      .field('nickName', 'default')
      .expect(400, validationErrors({ nickName: ['Choose a nickname.'] }));
    await post()
      .field('nickName', 'x'.repeat(21))
      .expect(400, validationErrors({ nickName: ['Ensure this field has no more than 20 characters.'] }));
    await post()
      .field('nickName', 'Taro')
      .field('caption', 'y'.repeat(101))
      .expect(400, validationErrors({ caption: ['Ensure this field has no more than 100 characters.'] }));
    await post()
      .field('nickName', 'Taro')
      .field('birth', '1990-02-30')
      .expect(
        400,
        validationErrors({
          birth: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
        }),
      );
    await post().field('nickName', 'Taro').field('birth', '01/02/1990').expect(400);
    await post()
      .field('nickName', 'Taro')
      .field('birth', '2999-01-01')
      .expect(400, validationErrors({ birth: ['Enter a real birthday.'] }));
    await post()
      .field('nickName', 'Taro')
      .field('sex', '2')
      .expect(400, validationErrors({ sex: ['Must be one of 0, 1, 3, 4.'] }));
    // A file named .jpg that is not an image is refused by its content.
    await post()
      .field('nickName', 'Taro')
      .attach('img', Buffer.from('<?php echo 1; ?>'), 'evil.jpg')
      .expect(
        400,
        validationErrors({
          img: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'],
        }),
      );
    const tooBig = await post()
      .field('nickName', 'Taro')
      .attach('img', Buffer.alloc(300 * 1024, 1), 'big.jpg')
      .expect(413);
    expect(tooBig.body.detail).toBeDefined();
    await request(t.http).get('/api/user/myprofile/').set(auth(taro.token)).expect(404);
  });

  it('updates only the fields sent, and only by the owner', async () => {
    const taroProfile = await request(t.http)
      .post('/api/user/profile/')
      .set(auth(taro.token))
      .field('nickName', 'たろう')
      .field('caption', '気象データ')
      .expect(201);
    const res = await request(t.http).put(`/api/user/profile/${hanakoProfileId}/`).set(auth(hanako.token)).field('caption', '新しい一言').expect(200);
    expect(res.body).toMatchObject({ nickName: '山田花子', caption: '新しい一言', birth: '1990-04-01', sex: '3' });
    expect(res.body.img).not.toBeNull();

    const bg = await request(t.http)
      .put(`/api/user/profile/${hanakoProfileId}`)
      .set(auth(hanako.token))
      .attach('imgBackground', await jpeg(1200, 600), 'bg.jpg')
      .expect(200);
    expect(bg.body.imgBackground).toMatch(/\/media\/profiles\//);
    expect(bg.body.img).toBe(res.body.img);

    await request(t.http).put(`/api/user/profile/${hanakoProfileId}/`).set(auth(taro.token)).field('caption', 'hijack').expect(403, {
      detail: 'You do not have permission to perform this action.',
      code: 'permissionDenied',
    });
    await request(t.http).put(`/api/user/profile/${hanakoProfileId}/`).field('caption', 'anon').expect(401);
    await request(t.http).put('/api/user/profile/999999/').set(auth(taro.token)).field('caption', 'x').expect(404);
    await request(t.http)
      .put(`/api/user/profile/${taroProfile.body.id}/`)
      .set(auth(taro.token))
      .field('nickName', '')
      .expect(
        400,
        validationErrors({
          nickName: ['This field may not be blank.'],
        }),
      );
    const after = await request(t.http).get(`/api/user/profile/${hanakoProfileId}`).expect(200);
    expect(after.body.caption).toBe('新しい一言');
    const cleared = await request(t.http).put(`/api/user/profile/${taroProfile.body.id}/`).set(auth(taro.token)).field('birth', '1985-11-23').expect(200);
    expect(cleared.body.birthYear).toBe(1985);
    const empty = await request(t.http).put(`/api/user/profile/${taroProfile.body.id}/`).set(auth(taro.token)).field('birth', '').expect(200);
    expect(empty.body).toMatchObject({ birth: null, birthYear: null });
  });

  it('replacing an avatar removes the old file', async () => {
    const before = (await request(t.http).get('/api/user/myprofile/').set(auth(hanako.token))).body.img as string;
    const res = await request(t.http)
      .put(`/api/user/profile/${hanakoProfileId}/`)
      .set(auth(hanako.token))
      .attach('img', await jpeg(400, 400), 'new.jpg')
      .expect(200);
    expect(res.body.img).not.toBe(before);
    await request(t.http).get(new URL(before).pathname).expect(404);
    await request(t.http).get(new URL(res.body.img).pathname).expect(200);
  });

  it('reads profiles by profile id and by user id, for visitors too', async () => {
    const byId = await request(t.http).get(`/api/user/profile/${hanakoProfileId}`).expect(200);
    const detail = await request(t.http).get(`/api/user/profile/detail/${hanako.userId}`).expect(200);
    const byQuery = await request(t.http).get(`/api/user/profile/get-user-profile/?user_id=${hanako.userId}`).expect(200);
    expect(detail.body).toEqual(byId.body);
    expect(byQuery.body).toEqual(byId.body);
    await request(t.http).get('/api/user/profile/424242').expect(404, { detail: 'Not found.', code: 'notFound' });
    await request(t.http).get('/api/user/profile/abc').expect(404);
    await request(t.http)
      .get('/api/user/profile/get-user-profile/')
      .expect(400, validationErrors({ user_id: ['A valid integer is required.'] }));
    await request(t.http)
      .get('/api/user/profile/get-user-profile/?user_id=x')
      .expect(400, validationErrors({ user_id: ['A valid integer is required.'] }));
  });

  it('lists the newest profiles, without the caller', async () => {
    const anon = await request(t.http).get('/api/user/profile/newprofiles/').expect(200);
    expect(anon.body.map((p: { nickName: string }) => p.nickName)).toEqual(['たろう', '山田花子']);
    const mine = await request(t.http).get('/api/user/profile/newprofiles/').set(auth(hanako.token)).expect(200);
    expect(mine.body.map((p: { nickName: string }) => p.nickName)).toEqual(['たろう']);
  });

  it('searches Japanese words of two characters and English words, with count paging', async () => {
    const names = async (q: string, count = 0) =>
      (await request(t.http).get('/api/user/profile/search').query({ q, count }).expect(200)).body.map((p: { nickName: string }) => p.nickName);
    expect(await names('新しい')).toEqual(['山田花子']);
    expect(await names('気象')).toEqual(['たろう']);
    expect(await names('花子')).toEqual(['山田花子']);
    expect(await names('nothing-like-this')).toEqual([]);
    expect(await names('データ', 1)).toEqual([]);

    // 25 more profiles: pages of 10, then an empty page.
    for (let i = 0; i < 25; i++) {
      const u = await signUp(t, `runner${i}@example.com`);
      await request(t.http).post('/api/user/profile/').set(auth(u.token)).field('nickName', `Runner ${i}`).field('caption', 'Marathon data').expect(201);
    }
    expect(await names('marathon', 0)).toHaveLength(10);
    expect(await names('MARATHON', 1)).toHaveLength(10);
    expect(await names('marath', 2)).toHaveLength(5);
    expect(await names('marathon', 3)).toEqual([]);
    await request(t.http)
      .get('/api/user/profile/search?q=x&count=-1')
      .expect(400, validationErrors({ count: ['A valid integer is required.'] }));
  });
});
