import { HttpStatus, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { DrfDetailError, Msg } from '../http/drf-errors';
import { forbidden, notFound } from '../http/id-param.pipe';
import { Permission, type Refusal } from './permission';

/**
 * One module's part of a permission: which of `ids` the viewer (undefined for a visitor) may have
 * because of a fact that module owns, in one query for the whole batch. It is asked only for the
 * ids no earlier contribution granted. `tx` is the caller's transaction, if any (on the embedded
 * database a read through the root data source inside a transaction would deadlock).
 */
export type Contribution = (viewer: AuthUser | undefined, ids: readonly number[], tx?: EntityManager) => Promise<Iterable<number>>;

/** Whether a user's account stands (not deleted, no deletion requested): answered by the accounts module. */
export type StandingCheck = (userId: number, tx?: EntityManager) => Promise<boolean>;

export interface CheckOptions {
  tx?: EntityManager;
  /**
   * The answer of one contribution that the caller already has from rows in hand (the Book
   * packer knows prices and ownership): that contribution is not asked again, the others are
   * asked for the ids it did not grant.
   */
  known?: { by: string; granted: Iterable<number> };
  /** Ids the caller knows from rows in hand that no withholding touches (not asked again). */
  clear?: Iterable<number>;
}

export interface RequireOptions {
  /** 403 (default) or 404 when refused. A visitor refused a permission gets 401 instead of 403. */
  refuse?: Refusal;
  /** The 403 detail (defaults to DRF's permission message). */
  detail?: string;
  tx?: EntityManager;
  /** As CheckOptions.known: one contribution's answer the caller has from rows in hand. */
  known?: CheckOptions['known'];
  /** As CheckOptions.clear. */
  clear?: CheckOptions['clear'];
}

/** Viewers the token guard resolved in this request: their account was active a moment ago. */
const verifiedActive = new WeakSet<AuthUser>();

/** The token guard vouches that this viewer's account is active (so no access check asks again). */
export function markActiveViewer(user: AuthUser): AuthUser {
  verifiedActive.add(user);
  return user;
}

/**
 * The one access check. A permission is the union of the contributions registered by the modules
 * that own the facts (immich's `isOwner ∪ isAlbumMember(ids ∖ owned) ∪ …`): posts contribute
 * "not a circle post" to PostVisible and a circles module will add "a member of its circle";
 * books contribute "free or owned" to BookFiles and payments may add "bought". No module edits
 * another's part. Each contribution is batched and asked only for the ids still refused, so a
 * check costs at most one statement per contribution whatever the number of ids.
 *
 * Services open every method that touches someone else's object with `require` (or filter a
 * batch with `check`); every refusal of a service goes through `require`. A viewer whose account
 * is deleted (or whose deletion was requested) is treated as a visitor.
 */
@Injectable()
export class AccessService {
  private readonly contributions = new Map<Permission, Array<{ name: string; grant: Contribution }>>();
  private readonly withholdings = new Map<Permission, Array<{ name: string; withhold: Contribution }>>();
  private standing?: StandingCheck;

  constructor() {
    // Acting as oneself needs no fact from any module.
    this.contribute(Permission.Self, 'access.self', async (viewer, ids) => (viewer ? ids.filter((id) => id === viewer.id) : []));
  }

  /** Adds a module's part to a permission; `name` (`module.rule`) must be unique within it. */
  contribute(permission: Permission, name: string, grant: Contribution): void {
    const parts = this.contributions.get(permission) ?? [];
    if (parts.some((p) => p.name === name)) throw new Error(`access contribution ${name} to ${permission} registered twice`);
    parts.push({ name, grant });
    this.contributions.set(permission, parts);
  }

  /**
   * Adds a module's veto to a permission: of the ids the contributions granted, `withhold`
   * answers those the viewer may not have after all because of a fact that module owns (a Book a
   * moderator hid is its creator's alone, whoever else the contributions let read it). Asked once
   * per check, for the granted ids only.
   */
  withhold(permission: Permission, name: string, withhold: Contribution): void {
    const parts = this.withholdings.get(permission) ?? [];
    if (parts.some((p) => p.name === name)) throw new Error(`access withholding ${name} of ${permission} registered twice`);
    parts.push({ name, withhold });
    this.withholdings.set(permission, parts);
  }

  /** The accounts module tells whether a user's account stands (asked only for viewers the token guard did not resolve). */
  setStandingCheck(check: StandingCheck): void {
    this.standing = check;
  }

  /** Whether any module contributes to a permission (permissions of modules not built yet have none). */
  has(permission: Permission): boolean {
    return (this.contributions.get(permission)?.length ?? 0) > 0;
  }

  /** The names of the contributions to a permission, in the order they are asked. */
  contributors(permission: Permission): string[] {
    return (this.contributions.get(permission) ?? []).map((p) => p.name);
  }

  /** Which of `ids` the viewer has the permission on: the union of every contribution, batched, less what a withholding vetoes. */
  async check(viewer: AuthUser | undefined, permission: Permission, ids: readonly number[], opts: CheckOptions = {}): Promise<Set<number>> {
    const parts = this.contributions.get(permission);
    if (!parts?.length) throw new Error(`no access contribution to ${permission}`);
    const granted = new Set<number>();
    let remaining = [...new Set(ids)];
    if (remaining.length === 0) return granted;
    // A leaving account is nobody: it has what a visitor has, no more.
    const as = viewer && (await this.stands(viewer, opts.tx)) ? viewer : undefined;
    const take = (answer: Iterable<number>) => {
      const asked = new Set(remaining);
      for (const id of answer) if (asked.has(id)) granted.add(id);
      remaining = remaining.filter((id) => !granted.has(id));
    };
    // The caller's answer was worked out for `viewer`: it does not hold for a leaving account.
    const known = as === viewer ? opts.known : undefined;
    if (known) take(known.granted);
    for (const part of parts) {
      if (remaining.length === 0) break;
      if (part.name === known?.by) continue;
      take(await part.grant(as, remaining, opts.tx));
    }
    const clear = new Set(opts.clear ?? []);
    for (const part of this.withholdings.get(permission) ?? []) {
      const asked = [...granted].filter((id) => !clear.has(id));
      if (asked.length === 0) break;
      for (const id of await part.withhold(as, asked, opts.tx)) granted.delete(id);
    }
    return granted;
  }

  async require(viewer: AuthUser | undefined, permission: Permission, ids: readonly number[], opts: RequireOptions = {}): Promise<void> {
    const allowed = await this.check(viewer, permission, ids, { tx: opts.tx, known: opts.known, clear: opts.clear });
    if (ids.every((id) => allowed.has(id))) return;
    if (opts.refuse === 'not-found') throw notFound();
    if (!viewer) throw new DrfDetailError(HttpStatus.UNAUTHORIZED, Msg.notAuthenticated);
    if (!(await this.stands(viewer, opts.tx))) throw new DrfDetailError(HttpStatus.UNAUTHORIZED, Msg.inactiveUser);
    throw forbidden(opts.detail);
  }

  private async stands(viewer: AuthUser, tx?: EntityManager): Promise<boolean> {
    if (verifiedActive.has(viewer) || !this.standing) return true;
    return this.standing(viewer.id, tx);
  }
}
