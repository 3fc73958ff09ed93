import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';

/** The user a request's `Authorization: Token` header belongs to. */
export interface AuthUser {
  id: number;
  email: string;
  language: string;
  tokenId: number;
}

export const IS_PUBLIC = 'auth:public';

/** Visitors may call this route; a valid token still identifies the user, an invalid one is 401. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser | undefined => {
  return ctx.switchToHttp().getRequest<{ user?: AuthUser }>().user;
});

export function requireUser(user: AuthUser | undefined): asserts user is AuthUser {
  if (!user) throw new Error('requireUser on a route without authentication');
}
