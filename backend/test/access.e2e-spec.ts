import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AccessService } from '../src/common/access/access.service';
import { Permission } from '../src/common/access/permission';
import type { AuthUser } from '../src/common/auth/auth-user';
import { BooksService } from '../src/modules/books/books.service';
import { createBook, createUser } from './helpers/factories';
import { startTestApp, type TestApp } from './helpers/test-app';

/** Each permission, table-driven: who may, who may not, and how `require` refuses. */
describe('access checks', () => {
  let t: TestApp;
  let access: AccessService;
  const who: Record<string, AuthUser | undefined> = { visitor: undefined };
  const book: Record<string, number> = {};

  beforeAll(async () => {
    t = await startTestApp();
    access = t.app.get(AccessService);
    for (const name of ['contributor', 'buyer', 'stranger', 'noProfile']) {
      const u = await createUser(t.app, { nickName: name === 'noProfile' ? null : name });
      who[name] = { id: u.userId } as AuthUser;
    }
    book.free = await createBook(t.app, { contributors: [who.contributor!.id], price: 0 });
    book.paid = await createBook(t.app, { contributors: [who.contributor!.id], price: 800 });
    await t.app.get<DataSource>(getDataSourceToken()).transaction((tx) => t.app.get(BooksService).grantOwnership(who.buyer!.id, book.paid, 'purchase', tx));
  });
  afterAll(() => t.close());

  describe(Permission.BookFiles, () => {
    it.each([
      ['visitor', 'free', true],
      ['visitor', 'paid', false],
      ['stranger', 'free', true],
      ['stranger', 'paid', false],
      ['contributor', 'paid', true],
      ['buyer', 'paid', true],
      ['noProfile', 'paid', false],
    ])('%s on the %s Book: %s', async (viewer, which, allowed) => {
      const ids = await access.check(who[viewer], Permission.BookFiles, [book[which]]);
      expect(ids.has(book[which])).toBe(allowed);
    });

    it('answers a batch in one call, leaving out unknown ids', async () => {
      const ids = await access.check(who.stranger, Permission.BookFiles, [book.free, book.paid, 2_000_000]);
      expect([...ids]).toEqual([book.free]);
    });
  });

  describe(Permission.ProfileExists, () => {
    it.each([
      ['stranger', 'stranger', true],
      ['noProfile', 'noProfile', false],
      ['stranger', 'contributor', false],
      ['visitor', 'stranger', false],
    ])('%s asking for %s: %s', async (viewer, subject, allowed) => {
      const ids = await access.check(who[viewer], Permission.ProfileExists, [who[subject]!.id]);
      expect(ids.has(who[subject]!.id)).toBe(allowed);
    });
  });

  describe('require', () => {
    it.each([
      ['stranger', undefined, 403, 'Buy it first.'],
      ['visitor', undefined, 401, 'Authentication credentials were not provided.'],
      ['stranger', 'not-found' as const, 404, 'Not found.'],
    ])('refuses %s (%s) with %s', async (viewer, refuse, status, detail) => {
      const err = await access.require(who[viewer], Permission.BookFiles, [book.paid], { refuse, detail: 'Buy it first.' }).catch((e: unknown) => e);
      expect(err).toMatchObject({ status, response: { detail } });
    });

    it('lets the allowed through, and refuses a batch with one forbidden id', async () => {
      await expect(access.require(who.buyer, Permission.BookFiles, [book.free, book.paid])).resolves.toBeUndefined();
      await expect(access.require(who.stranger, Permission.BookFiles, [book.free, book.paid])).rejects.toMatchObject({ status: 403 });
    });
  });
});
