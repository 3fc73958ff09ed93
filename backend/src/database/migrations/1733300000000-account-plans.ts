import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Accounts have a plan (owned by the accounts module, like the rest of `users`): `free` by default;
 * an operator sets another with `npm run account:plan -- <email> <plan>`. Only `enterprise`
 * opens /analytics today; `basic` and `premium` are the ad form's plan names (spec §2).
 */
export class AccountPlans1733300000000 implements MigrationInterface {
  name = 'AccountPlans1733300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN plan varchar(16) NOT NULL DEFAULT 'free'`);
    await q.query(`ALTER TABLE users ADD CONSTRAINT users_plan_check CHECK (plan IN ('free', 'basic', 'premium', 'enterprise'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN plan`);
  }
}
