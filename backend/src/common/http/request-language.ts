import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** 'ja' or 'en' from the request's Accept-Language (the client sends its UI language), else undefined. */
export const RequestLanguage = createParamDecorator((_: unknown, ctx: ExecutionContext): 'ja' | 'en' | undefined => {
  const header = ctx.switchToHttp().getRequest<FastifyRequest>().headers['accept-language'];
  if (!header) return undefined;
  return header.trim().toLowerCase().startsWith('ja') ? 'ja' : 'en';
});
