import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { DrfDetailError, DrfValidationError, Msg, detailBody, statusDetail, validationBody } from './drf-errors';
import { redactUrl } from '../logging/redact-url';

/**
 * Writes every error the way Django REST Framework does, so that clients written against the
 * old server keep working: {"detail": "..."} or {"field": ["..."]}; each message with its
 * stable code beside it (drf-errors.ts detailBody, validationBody).
 */
@Catch()
export class DrfExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const adapter = this.adapterHost.httpAdapter;
    // Fastify's reply, or Node's response when the error comes from middleware.
    const res: unknown = ctx.getResponse();
    const req = ctx.getRequest<{ method: string; url: string }>();
    if (adapter.isHeadersSent(res)) return;
    const send = (status: number, body: unknown) => adapter.reply(res, body, status);

    // A path that is not valid percent-encoding names nothing: 404, as Django's URL patterns.
    if (/^Failed to decode param/.test((exception as { message?: string })?.message ?? '')) {
      send(HttpStatus.NOT_FOUND, detailBody(HttpStatus.NOT_FOUND));
      return;
    }
    if (exception instanceof DrfValidationError) {
      send(HttpStatus.BAD_REQUEST, validationBody(exception.errors));
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse();
      let detail: string | undefined;
      if (typeof body === 'object' && body !== null && 'detail' in body) {
        detail = String((body as { detail: unknown }).detail);
      } else if (status === HttpStatus.NOT_FOUND && /^Cannot /.test(exception.message)) {
        detail = Msg.notFound;
      } else if (status === HttpStatus.BAD_REQUEST) {
        const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : body;
        detail = Array.isArray(message) ? message.join(' ') : String(message ?? exception.message);
        if (/JSON|Unexpected token/i.test(detail)) detail = Msg.jsonParse(detail);
        // busboy's framing errors, as DRF's MultiPartParser words them.
        const multipart = /^Multipart: (.+)$/.exec(detail);
        if (multipart) detail = Msg.multipartParse(`${multipart[1]}.`);
      } else {
        detail = statusDetail(status) ?? exception.message;
      }
      if (status === HttpStatus.UNAUTHORIZED) adapter.setHeader(res, 'WWW-Authenticate', 'Token');
      if (exception instanceof DrfDetailError && exception.headers) {
        for (const [name, value] of Object.entries(exception.headers)) adapter.setHeader(res, name, value);
      }
      send(status, detailBody(status, detail));
      return;
    }
    // Errors thrown by body parsers that never became HttpExceptions.
    const maybe = exception as { status?: number; statusCode?: number; type?: string; message?: string };
    const status = maybe?.status ?? maybe?.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const detail = maybe.type === 'entity.parse.failed' ? Msg.jsonParse(String(maybe.message)) : statusDetail(status);
      send(status, detailBody(status, detail));
      return;
    }
    this.logger.error({ err: exception, method: req.method, url: redactUrl(req.url) }, 'Unhandled error');
    send(HttpStatus.INTERNAL_SERVER_ERROR, detailBody(HttpStatus.INTERNAL_SERVER_ERROR, Msg.serverError));
  }
}
