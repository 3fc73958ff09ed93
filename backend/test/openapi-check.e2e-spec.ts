import * as http from 'node:http';
import request from 'supertest';
import { ERROR_CODES } from '../src/common/http/messages';
import { checkResponse, installOpenApiCheck, openApi } from './helpers/openapi-check';

/** The checker every e2e test runs through: a mismatch must fail the request's test. */
describe('openapi.yaml response checker', () => {
  const profile = {
    id: 1,
    userProfile: 2,
    nickName: 'n',
    caption: '',
    description: '',
    birth: null,
    birthday: null,
    birthYear: null,
    birthMonth: null,
    birthDay: null,
    sex: '0',
    img: null,
    imgBackground: null,
    created_on: '2026-11-22T08:19:56.123Z',
  };
  const json = 'application/json; charset=utf-8';

  it('accepts an answer the document describes', () => {
    expect(checkResponse('GET', 'http://h/api/user/myprofile/', { status: 200, contentType: json, body: profile })).toBeUndefined();
    expect(
      checkResponse('GET', 'http://h/api/user/profile/7', { status: 404, contentType: json, body: { detail: 'Not found.', code: 'notFound' } }),
    ).toBeUndefined();
    expect(checkResponse('DELETE', 'http://h/api/user/unfollow-page/?pageId=1', { status: 204, body: {} })).toBeUndefined();
  });

  it('refuses a status the operation does not list', () => {
    expect(checkResponse('GET', 'http://h/api/user/myprofile/', { status: 418, contentType: json, body: {} })).toMatch(/does not list/);
  });

  it('refuses a body missing a property, with a wrong type, or with an undocumented property', () => {
    const missing: Partial<typeof profile> = { ...profile };
    delete missing.nickName;
    expect(checkResponse('GET', 'http://h/api/user/myprofile/', { status: 200, contentType: json, body: missing })).toMatch(/nickName/);
    expect(checkResponse('GET', 'http://h/api/user/myprofile/', { status: 200, contentType: json, body: { ...profile, id: 'one' } })).toMatch(
      /\/id must be integer/,
    );
    expect(checkResponse('GET', 'http://h/api/user/myprofile/', { status: 200, contentType: json, body: { ...profile, secret: 1 } })).toMatch(/"secret"/);
    expect(checkResponse('GET', 'http://h/api/user/myprofile/', { status: 200, contentType: 'text/html', body: {} })).toMatch(/Content-Type text\/html/);
  });

  it('refuses an error answer without a known code: every error answer of the e2e suite carries one', () => {
    const notFound = (body: unknown) => checkResponse('GET', 'http://h/api/user/profile/7', { status: 404, contentType: json, body });
    expect(notFound({ detail: 'Not found.' })).toMatch(/code/);
    expect(notFound({ detail: 'Not found.', code: 'gone' })).toMatch(/\/code must be equal to one of the allowed values/);
    expect(notFound({ detail: 'Not found.', code: 'notFound', params: { n: 'many' } })).toMatch(/\/params\/n must be number/);
    const login = (body: unknown) => checkResponse('POST', 'http://h/api/user/login/', { status: 400, contentType: json, body });
    const codes = { email: [{ code: 'invalidEmail' }] };
    expect(login({ email: ['Enter a valid email address.'], error_codes: codes })).toBeUndefined();
    expect(login({ detail: 'Request was throttled. Expected available in 4 seconds.', code: 'throttled', params: { seconds: 4 } })).toBeUndefined();
    expect(login({ email: ['Enter a valid email address.'] })).toMatch(/mismatch|does not describe/);
    expect(login({ email: ['Enter a valid email address.'], error_codes: { email: [{ code: 'nope' }] } })).toMatch(/does not describe/);
  });

  it("documents the catalogue as the codes: ErrorCode's enum is every message name", () => {
    const schemas = openApi().doc.components.schemas as Record<string, { enum?: string[] }>;
    expect(schemas.ErrorCode.enum).toEqual(ERROR_CODES);
  });

  it('fails a supertest request whose answer the document does not describe, even without .expect()', async () => {
    installOpenApiCheck();
    const server = http.createServer((req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(req.url?.startsWith('/api/user/myprofile') ? { id: 'not a profile' } : profile));
    });
    await expect(request(server).get('/api/user/myprofile/')).rejects.toThrow(/openapi\.yaml mismatch: GET \/api\/user\/myprofile\/ answered 200/);
    await expect(request(server).get('/api/user/myprofile/').expect(200)).rejects.toThrow(/openapi\.yaml mismatch/);
    await request(server).get('/api/user/profile/1').expect(200); // a conforming answer passes
  });
});
