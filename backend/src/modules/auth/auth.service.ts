import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, Repository } from 'typeorm';
import { APP_OPTIONS, type AppOptions } from '../../app-options';
import { type AuthUser } from '../../common/auth/auth-user';
import { DrfValidationError, Msg } from '../../common/http/drf-errors';
import { JobsService } from '../../jobs/jobs.service';
import { MailService } from '../mail/mail.service';
import { ProfilesService } from '../profiles/profiles.service';
import { UploadsService } from '../uploads/uploads.service';
import { AccountKeysService } from './account-keys.service';
import { AccountResponse, ForgotPasswordDto, UpdateAccountDto, KeyDto, LoginDto, LoginResponse, RegisterDto, ResetPasswordDto } from './dto/auth.dto';
import { AuthToken } from './entities/auth-token.entity';
import { User } from './entities/user.entity';
import { hashPassword, passwordProblems, verifyPassword } from './passwords';
import { TokenService } from './token.service';

export const LOGIN_FAILED = Msg.loginFailed;
export const EMAIL_NOT_VERIFIED = Msg.emailNotVerified;
const INVALID_KEY = Msg.invalidKey;
const PURGE_QUEUE = 'account-purge';

@Injectable()
export class AuthService implements OnModuleInit {
  private readonly logger = new Logger('Accounts');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(User) private readonly users: Repository<User>,
    @Inject(APP_OPTIONS) private readonly options: AppOptions,
    private readonly tokens: TokenService,
    private readonly keys: AccountKeysService,
    private readonly mail: MailService,
    private readonly profiles: ProfilesService,
    private readonly uploads: UploadsService,
    private readonly jobs: JobsService,
  ) {}

  onModuleInit(): void {
    this.jobs.define(PURGE_QUEUE, () => this.purgeDeletedAccounts().then(() => undefined), { cron: '*/10 * * * *', retryLimit: 2 });
  }

  /**
   * Creates the account and mails a verification link. The answer is the same whether or not
   * the address is taken (the owner of a taken address gets a mail saying so).
   */
  async register(dto: RegisterDto): Promise<void> {
    const problems = passwordProblems(dto.password1, dto.email);
    if (problems.length) throw new DrfValidationError({ password1: problems });
    if (dto.password1 !== dto.password2) throw DrfValidationError.nonField(Msg.passwordsDiffer);
    if (dto.agreed !== true) throw DrfValidationError.field('agreed', Msg.agreeTerms);
    const passwordHash = await hashPassword(dto.password1);

    await this.dataSource.transaction(async (manager) => {
      const existing = await manager.getRepository(User).findOneBy({ email: dto.email });
      if (existing && existing.emailVerified) {
        await this.mail.sendTemplate(existing.email, 'account-exists', existing.language, this.mail.frontendLink('/login'), manager);
        return;
      }
      if (existing) {
        // Unconfirmed account: a second registration must not replace its password (that would
        // let anyone who knows the address choose it). The mailbox owner gets a link to choose
        // a password instead, which also confirms the address.
        const key = await this.keys.create(existing.id, 'reset', manager);
        const link = this.mail.frontendLink(`/reset-password/${existing.id}/${key}`);
        await this.mail.sendTemplate(existing.email, 'finish-signup', dto.language ?? existing.language, link, manager);
        return;
      }
      const inserted = await manager
        .createQueryBuilder()
        .insert()
        .into(User)
        .values({ email: dto.email, passwordHash, language: dto.language ?? 'en' })
        .orIgnore()
        .returning(['id'])
        .execute();
      if (!inserted.raw.length) return; // a concurrent registration won
      const user = { id: inserted.raw[0].id as number, email: dto.email, language: dto.language ?? 'en' };
      const key = await this.keys.create(user.id, 'verify', manager);
      await this.mail.sendTemplate(user.email, 'verify-email', dto.language ?? user.language, this.mail.frontendLink(`/verify/${user.id}/${key}`), manager);
    });
  }

  async login(dto: LoginDto): Promise<LoginResponse> {
    const user = await this.users
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('u.email = :email', { email: dto.email })
      .getOne();
    const ok = await verifyPassword(user?.passwordHash ?? null, dto.password);
    if (!user || !ok || !user.isActive) throw DrfValidationError.nonField(LOGIN_FAILED);
    if (!user.emailVerified) throw DrfValidationError.nonField(EMAIL_NOT_VERIFIED);
    const token = await this.tokens.issue(user.id);
    await this.users.update(user.id, { lastLogin: new Date() });
    const hasProfile = await this.profiles.existsForUser(user.id);
    return { token, redirect_url: hasProfile ? '/home' : '/account', language: user.language === 'ja' ? 'ja' : 'en' };
  }

  async account(user: AuthUser): Promise<AccountResponse> {
    const row = await this.users.findOneByOrFail({ id: user.id });
    return { email: row.email, language: row.language === 'ja' ? 'ja' : 'en' };
  }

  /** Saves the account's language: the UI follows it after logging in, and so does mail. */
  async updateAccount(user: AuthUser, dto: UpdateAccountDto): Promise<AccountResponse> {
    if (dto.language) await this.users.update(user.id, { language: dto.language });
    return this.account(user);
  }

  async logout(user: AuthUser): Promise<void> {
    await this.tokens.revoke(user.tokenId);
  }

  /**
   * Verifies the address; 'already' when this very link was used before and the address is
   * verified (a second click on the mail's link). Only the link's holder learns that: another
   * key, or an unknown one, is refused as before.
   */
  async verifyEmail(dto: KeyDto): Promise<'verified' | 'already'> {
    const ok = await this.dataSource.transaction(async (manager) => {
      if (!(await this.keys.consume(dto.id, 'verify', dto.key, manager))) return false;
      await manager.update(User, dto.id, { emailVerified: true });
      return true;
    });
    if (ok) return 'verified';
    if (await this.keys.wasUsed(dto.id, 'verify', dto.key)) {
      const user = await this.users.findOneBy({ id: dto.id, isActive: true });
      if (user?.emailVerified) return 'already';
    }
    throw DrfValidationError.field('key', INVALID_KEY);
  }

  /** Same answer, whether or not the address has an account. */
  async forgotPassword(dto: ForgotPasswordDto): Promise<void> {
    const user = await this.users.findOneBy({ email: dto.email, isActive: true });
    if (!user) return;
    await this.dataSource.transaction(async (manager) => {
      const key = await this.keys.create(user.id, 'reset', manager);
      await this.mail.sendTemplate(user.email, 'reset-password', user.language ?? dto.language, this.mail.frontendLink(`/reset-password/${user.id}/${key}`), manager);
    });
  }

  async checkResetLink(dto: KeyDto): Promise<string> {
    const valid = await this.keys.isValid(dto.id, 'reset', dto.key);
    const user = valid ? await this.users.findOneBy({ id: dto.id, isActive: true }) : null;
    if (!user) throw DrfValidationError.field('key', INVALID_KEY);
    return user.email;
  }

  /** Changes the password only with a valid reset link; ends every session of the user. */
  async resetPassword(dto: ResetPasswordDto): Promise<void> {
    if (dto.password2 !== undefined && dto.password2 !== dto.password) throw DrfValidationError.field('password2', Msg.passwordMismatch);
    const user = await this.users.findOneBy({ id: dto.id, isActive: true });
    const problems = passwordProblems(dto.password, user?.email);
    if (problems.length) throw new DrfValidationError({ password: problems });
    if (!user || (dto.email && dto.email !== user.email)) throw DrfValidationError.field('key', INVALID_KEY);
    const passwordHash = await hashPassword(dto.password);
    const ok = await this.dataSource.transaction(async (manager) => {
      if (!(await this.keys.consume(user.id, 'reset', dto.key, manager))) return false;
      await this.keys.revokeAll(user.id, 'reset', manager);
      // Following the link proves the mailbox, so the address counts as verified too.
      await manager.update(User, user.id, { passwordHash, emailVerified: true });
      await manager.delete(AuthToken, { userId: user.id });
      return true;
    });
    if (!ok) throw DrfValidationError.field('key', INVALID_KEY);
  }

  /** Records the request and signs the user out everywhere; the purge job removes the account later. */
  async requestDeletion(user: AuthUser): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.update(User, user.id, { deletionRequestedAt: new Date(), isActive: false });
      await this.profiles.setActive(user.id, false, tx);
    });
    await this.tokens.revokeAll(user.id);
  }

  async purgeDeletedAccounts(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.options.config.accountDeletionGraceDays * 24 * 60 * 60 * 1000);
    const due: Array<{ id: number }> = await this.users.query(
      `SELECT id FROM users WHERE deletion_requested_at IS NOT NULL AND deletion_requested_at <= $1 LIMIT 500`,
      [cutoff],
    );
    for (const { id } of due) {
      // Stored bytes first: a crash in between leaves rows that the next run deletes again.
      await this.profiles.deleteFilesOfUser(id);
      await this.uploads.deleteFilesOfUser(id);
      await this.users.delete(id);
    }
    if (due.length) this.logger.log({ count: due.length }, 'deleted accounts past their grace period');
    return due.length;
  }
}
