import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth-user';
import { UploadsService } from './uploads.service';

/** Posting data needs a profile: refuse before a single byte of the upload is stored. */
@Injectable()
export class ProfileRequiredGuard implements CanActivate {
  constructor(private readonly books: UploadsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (user) await this.books.requireProfile(user);
    return true;
  }
}
