import { Injectable } from '@nestjs/common';
import { AccessService } from '../../common/access/access.service';
import { Permission } from '../../common/access/permission';
import { Db, type Tx } from '../../database/db';
import { ACCOUNT_PLANS, type AccountPlan } from './entities/user.entity';

/**
 * The plan of an account (`users.plan`, owned here): free by default, set by an operator
 * (`npm run account:plan`, src/account-plan.ts). Other modules learn it only through the access
 * registry: this module contributes "on the enterprise plan" to Permission.EnterprisePlan.
 */
@Injectable()
export class AccountPlansService {
  constructor(
    private readonly db: Db,
    access: AccessService,
  ) {
    access.contribute(Permission.EnterprisePlan, 'auth.enterprise-plan', async (viewer, ids, tx?: Tx) => {
      if (!viewer || !ids.includes(viewer.id)) return [];
      const enterprise = await this.db.row<{ one: number }>(`SELECT 1 AS one FROM users WHERE id = :viewer AND plan = 'enterprise'`, { viewer: viewer.id }, tx);
      return enterprise ? [viewer.id] : [];
    });
  }

  static isPlan(value: string): value is AccountPlan {
    return (ACCOUNT_PLANS as readonly string[]).includes(value);
  }
}

/**
 * The operator's command (`npm run account:plan -- <email> <plan>`): sets the plan of the
 * account with this address. Answers the account's id and its plan before, or null when no
 * account has the address. Runs on any `Db` (the command has no Nest application).
 */
export async function setAccountPlan(db: Db, email: string, plan: AccountPlan): Promise<{ id: number; previous: string } | null> {
  const row = await db.row<{ id: number; previous: string }>(
    `WITH old AS (SELECT id, plan FROM users WHERE email = :email FOR UPDATE)
     UPDATE users u SET plan = :plan FROM old WHERE u.id = old.id RETURNING u.id, old.plan AS previous`,
    { email: email.trim().toLowerCase(), plan },
  );
  return row ?? null;
}
