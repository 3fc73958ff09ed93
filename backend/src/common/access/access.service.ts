import { HttpStatus, Injectable } from '@nestjs/common';
import type { AuthUser } from '../auth/auth-user';
import { DrfDetailError, Msg } from '../http/drf-errors';
import { forbidden, notFound } from '../http/id-param.pipe';
import { Permission, type Refusal } from './permission';

/** Answers which of `ids` the viewer (undefined for a visitor) has the permission on, in one query. */
export type AccessChecker = (viewer: AuthUser | undefined, ids: readonly number[]) => Promise<Set<number>>;

export interface RequireOptions {
  /** 403 (default) or 404 when refused. A visitor refused a permission gets 401 instead of 403. */
  refuse?: Refusal;
  /** The 403 detail (defaults to DRF's permission message). */
  detail?: string;
}

/**
 * The one access check. Services open every method that touches someone else's object with
 * `require` (or filter a batch with `check`); the rule for each permission lives in one checker,
 * registered by the module that owns the tables it reads.
 */
@Injectable()
export class AccessService {
  private readonly checkers = new Map<Permission, AccessChecker>();

  register(permission: Permission, checker: AccessChecker): void {
    if (this.checkers.has(permission)) throw new Error(`access checker for ${permission} registered twice`);
    this.checkers.set(permission, checker);
  }

  /** Whether a module has registered a checker (permissions of modules not built yet have none). */
  has(permission: Permission): boolean {
    return this.checkers.has(permission);
  }

  async check(viewer: AuthUser | undefined, permission: Permission, ids: readonly number[]): Promise<Set<number>> {
    const checker = this.checkers.get(permission);
    if (!checker) throw new Error(`no access checker for ${permission}`);
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Set();
    return checker(viewer, unique);
  }

  async require(viewer: AuthUser | undefined, permission: Permission, ids: readonly number[], opts: RequireOptions = {}): Promise<void> {
    const allowed = await this.check(viewer, permission, ids);
    if (ids.every((id) => allowed.has(id))) return;
    if (opts.refuse === 'not-found') throw notFound();
    if (!viewer) throw new DrfDetailError(HttpStatus.UNAUTHORIZED, Msg.notAuthenticated);
    throw forbidden(opts.detail);
  }
}
