import { HttpStatus, Injectable, PipeTransform } from '@nestjs/common';
import { DrfDetailError, Msg } from './drf-errors';

/**
 * Path ids: anything but a positive integer does not name an object, so 404 as DRF's URL patterns
 * do. Ids start at 1 (openapi.yaml: `minimum: 1`), so 0 names nothing either.
 */
@Injectable()
export class IdParamPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2147483647) throw new DrfDetailError(HttpStatus.NOT_FOUND, Msg.notFound);
    return Number(value);
  }
}

export const notFound = () => new DrfDetailError(HttpStatus.NOT_FOUND, Msg.notFound);
export const forbidden = (detail: string = Msg.permissionDenied) => new DrfDetailError(HttpStatus.FORBIDDEN, detail);
