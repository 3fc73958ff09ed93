import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type AccountKeyPurpose = 'verify' | 'reset';

/** Single-use key of an e-mail verification or password-reset link; stored hashed. */
@Entity({ name: 'account_keys' })
export class AccountKey {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'user_id', type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 16 })
  purpose: AccountKeyPurpose;

  @Column({ name: 'key_hash', type: 'char', length: 64 })
  keyHash: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ name: 'created', type: 'timestamptz' })
  created: Date;
}
