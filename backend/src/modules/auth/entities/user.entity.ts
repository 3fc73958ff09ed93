import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const ACCOUNT_PLANS = ['free', 'basic', 'premium', 'enterprise'] as const;
export type AccountPlan = (typeof ACCOUNT_PLANS)[number];

@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  /** Stored lower-cased; unique. */
  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** argon2id; null for accounts that only sign in through a provider. */
  @Column({ name: 'password_hash', type: 'text', nullable: true, select: false })
  passwordHash: string | null;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  @Column({ name: 'email_verified', type: 'boolean', default: false })
  emailVerified: boolean;

  /** Language of mail sent to this user: 'ja' or 'en'. */
  @Column({ type: 'varchar', length: 2, default: 'en' })
  language: string;

  @CreateDateColumn({ name: 'date_joined', type: 'timestamptz' })
  dateJoined: Date;

  @Column({ name: 'last_login', type: 'timestamptz', nullable: true })
  lastLogin: Date | null;

  /** `free` (default), `basic`, `premium` or `enterprise` (opens /analytics); set by `npm run account:plan`. */
  @Column({ type: 'varchar', length: 16, default: 'free' })
  plan: AccountPlan;

  @Column({ name: 'deletion_requested_at', type: 'timestamptz', nullable: true })
  deletionRequestedAt: Date | null;

  /** Set while a moderator's suspension holds (is_active is false then too). */
  @Column({ name: 'suspended_at', type: 'timestamptz', nullable: true })
  suspendedAt: Date | null;
}
