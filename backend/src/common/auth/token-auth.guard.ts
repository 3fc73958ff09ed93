import { CanActivate, ExecutionContext, HttpStatus, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { markActiveViewer } from '../access/access.service';
import { DrfDetailError, Msg } from '../http/drf-errors';
import { type AuthUser, IS_PUBLIC } from './auth-user';

export abstract class TokenResolver {
  abstract resolve(key: string): Promise<AuthUser | 'inactive' | null>;
}

/**
 * DRF's TokenAuthentication: `Authorization: Token <key>` (keyword case-insensitive).
 * A bad header is 401 even on public routes, as in DRF; the client then drops the token.
 */
@Injectable()
export class TokenAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenResolver,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<FastifyRequest & { user?: AuthUser }>();
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    const header = req.headers.authorization;
    const parts = header?.trim().split(/\s+/) ?? [];
    if (parts.length === 0 || parts[0].toLowerCase() !== 'token') {
      if (isPublic) return true;
      throw new DrfDetailError(HttpStatus.UNAUTHORIZED, Msg.notAuthenticated);
    }
    if (parts.length === 1) throw new DrfDetailError(HttpStatus.UNAUTHORIZED, Msg.invalidTokenHeader);
    if (parts.length > 2) throw new DrfDetailError(HttpStatus.UNAUTHORIZED, Msg.invalidTokenHeaderSpaces);
    const result = await this.tokens.resolve(parts[1]);
    if (result === null) throw new DrfDetailError(HttpStatus.UNAUTHORIZED, Msg.invalidToken);
    if (result === 'inactive') throw new DrfDetailError(HttpStatus.UNAUTHORIZED, Msg.inactiveUser);
    req.user = markActiveViewer(result);
    return true;
  }
}
