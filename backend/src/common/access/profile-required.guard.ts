import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user';
import { Msg } from '../http/drf-errors';
import { AccessService } from './access.service';
import { Permission } from './permission';

export const PROFILE_REQUIRED = Msg.profileRequired;

/**
 * Routes that act as a person (posting data, advertising) need a profile: refused before a
 * single byte of the body is stored. Runs after the token guard; visitors are its business.
 */
@Injectable()
export class ProfileRequiredGuard implements CanActivate {
  constructor(private readonly access: AccessService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (user) await this.access.require(user, Permission.ProfileExists, [user.id], { detail: PROFILE_REQUIRED });
    return true;
  }
}
