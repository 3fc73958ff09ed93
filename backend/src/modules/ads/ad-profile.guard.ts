import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import type { AuthUser } from '../../common/auth/auth-user';
import { Msg } from '../../common/http/drf-errors';

/**
 * Advertising needs a profile (AdApplication1): refused before the multipart body (the image) is
 * read. Runs after the token guard; visitors are its business.
 */
@Injectable()
export class AdProfileGuard implements CanActivate {
  constructor(private readonly access: AccessService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (user) await this.access.require(user, Permission.ProfileExists, [user.id], { detail: Msg.adProfileRequired });
    return true;
  }
}
