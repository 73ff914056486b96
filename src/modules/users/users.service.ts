import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { isUuid } from '../../common/uuid.pipe';
import { hydrate, preparedQuery, selectList } from '../../database/raw-rows';
import { User } from './user.entity';

/** Reads and writes user rows; the only way other modules reach users. */
@Injectable()
export class UsersService {
  private readonly byIdSql: string;

  constructor(@InjectRepository(User) private readonly users: Repository<User>) {
    this.byIdSql = `SELECT ${this.selectList('u')} FROM users u WHERE u.id = $1`;
  }

  /** Runs on every signed-in request (the auth guard): one prepared primary-key read, no query building. */
  async findById(id: string): Promise<User | null> {
    if (!isUuid(id)) return null;
    const [row] = await preparedQuery(this.users.manager.connection, 'users_find_by_id', this.byIdSql, [id]);
    return row ? this.fromRow(row) : null;
  }

  /** The default columns of users under `alias`, each named `prefix + property`, for joins on hot paths. */
  selectList(alias: string, prefix = ''): string {
    return selectList(this.users.metadata, alias, prefix);
  }

  /** A user from a row selected with selectList (null when the joined user is missing). */
  fromRow(row: Record<string, unknown>, prefix = ''): User | null {
    if (row[`${prefix}id`] == null) return null;
    return hydrate<User>(this.users.metadata, row, prefix);
  }

  /** Several users at once (unknown ids are simply missing from the answer). */
  async findByIds(ids: string[]): Promise<User[]> {
    const wanted = [...new Set(ids.filter(isUuid))];
    return wanted.length ? this.users.findBy({ id: In(wanted) }) : [];
  }

  /** Admin look-up by email or name (case-insensitive substring), at most `limit`, by email. */
  search(text: string, limit = 20): Promise<User[]> {
    const pattern = `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    return this.users
      .createQueryBuilder('u')
      .where('u.email ILIKE :pattern OR u.name ILIKE :pattern', { pattern })
      .orderBy('u.email')
      .limit(limit)
      .getMany();
  }

  /**
   * Admin list: users whose email, handle or name contains `text` (any case), newest first. The trigram index on
   * users_search_text serves the filter; without text the created_at index serves the order.
   */
  async searchPage(text: string, offset: number, limit: number): Promise<[User[], number]> {
    const qb = this.users.createQueryBuilder('u').orderBy('u.created_at', 'DESC').addOrderBy('u.id', 'DESC');
    const needle = text.trim().toLowerCase();
    if (needle) {
      const pattern = `%${needle.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      qb.where('users_search_text(u.email, u.handle, u.name) LIKE :pattern', { pattern });
    }
    return qb.skip(offset).take(limit).getManyAndCount();
  }

  /**
   * Deletion on request: the row stays (ledgers, orders and audit rows keep pointing at it) but every personal field
   * is replaced, the password can no longer match, two-factor, addresses and linked accounts are removed.
   */
  async anonymise(manager: EntityManager, id: string, at: Date): Promise<void> {
    await manager.query(
      `UPDATE users SET name = 'Deleted user', email = 'deleted-' || id || '@deleted.invalid', handle = NULL, bio = NULL,
         avatar_path = NULL, password_hash = '!', two_factor_secret = NULL, two_factor_recovery_codes = NULL,
         two_factor_confirmed_at = NULL, email_verified_at = NULL, deleted_at = $2, suspended_at = coalesce(suspended_at, $2),
         updated_at = now() WHERE id = $1`,
      [id, at],
    );
    await manager.query(`DELETE FROM user_addresses WHERE user_id = $1`, [id]);
    await manager.query(`DELETE FROM connected_accounts WHERE user_id = $1`, [id]);
  }

  /** By email (any case) or by id, for admin forms that accept either. */
  findByEmailOrId(key: string): Promise<User | null> {
    return isUuid(key) ? this.findById(key) : this.findByEmail(key);
  }

  /** The user's image-credit balance (null for an unknown user). */
  async imageCredits(userId: string, manager: EntityManager = this.users.manager): Promise<number | null> {
    const row = await manager.getRepository(User).findOne({ where: { id: userId }, select: { imageCredits: true } });
    return row?.imageCredits ?? null;
  }

  /**
   * Moves the balance by `delta` in one conditional UPDATE (so concurrent spends can never take it below zero; the
   * column also has CHECK >= 0). Returns the new balance, or null when the user is unknown or has too few credits.
   * Run it inside the ledger's transaction (`manager`) so the balance and the ledger row commit together.
   */
  async addImageCredits(manager: EntityManager, userId: string, delta: number): Promise<number | null> {
    const rows: unknown = await manager.query(
      `UPDATE users SET image_credits = image_credits + $2 WHERE id = $1 AND image_credits + $2 >= 0 RETURNING image_credits`,
      [userId, delta],
    );
    const list = (Array.isArray(rows) && Array.isArray(rows[0]) ? rows[0] : rows) as Array<{ image_credits: number }>;
    return list[0]?.image_credits ?? null;
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOneBy({ email: normalizeEmail(email) });
  }

  findByHandle(handle: string): Promise<User | null> {
    return this.users.findOneBy({ handle: handle.toLowerCase() });
  }

  /** With the password hash, for checking credentials only. */
  findWithSecrets(id: string): Promise<User | null> {
    return this.users
      .createQueryBuilder('user')
      .addSelect(['user.passwordHash', 'user.twoFactorSecret', 'user.twoFactorRecoveryCodes'])
      .where('user.id = :id', { id })
      .getOne();
  }

  findByEmailWithSecrets(email: string): Promise<User | null> {
    return this.users
      .createQueryBuilder('user')
      .addSelect(['user.passwordHash', 'user.twoFactorSecret', 'user.twoFactorRecoveryCodes'])
      .where('user.email = :email', { email: normalizeEmail(email) })
      .getOne();
  }

  async isHandleTaken(handle: string, exceptUserId?: string): Promise<boolean> {
    const found = await this.users.findOne({ where: { handle: handle.toLowerCase() }, select: { id: true } });
    return !!found && found.id !== exceptUserId;
  }

  create(data: Partial<User>): Promise<User> {
    return this.users.save(this.users.create({ ...data, email: normalizeEmail(data.email ?? '') }));
  }

  async update(id: string, changes: Partial<User>): Promise<User> {
    await this.users.update({ id }, changes);
    return (await this.findById(id))!;
  }

  /** Writes columns of one user inside the caller's transaction (admin changes commit with their audit row). */
  async updateIn(manager: EntityManager, id: string, changes: Partial<User>): Promise<void> {
    await manager.getRepository(User).update({ id }, changes);
  }

  async delete(id: string): Promise<void> {
    await this.users.delete({ id });
  }

  /** Locks the user's row until the caller's transaction ends (serialises per-user limit checks). */
  async lock(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
  }

  /** Stores a new password hash (inside the caller's transaction when given). */
  async setPasswordHash(userId: string, passwordHash: string, manager: EntityManager = this.users.manager) {
    await manager.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [
      userId,
      passwordHash,
    ]);
  }

  // ---- two-factor state (the rules live in TwoFactorService; these are its writes) ----

  /** A new sealed secret and hashed recovery codes; not active until confirmed. */
  async startTwoFactor(userId: string, sealedSecret: string, recoveryCodeHashes: string[]): Promise<void> {
    await this.users.query(
      `UPDATE users SET two_factor_secret = $2, two_factor_recovery_codes = $3, two_factor_confirmed_at = NULL, two_factor_last_step = NULL, updated_at = now() WHERE id = $1`,
      [userId, sealedSecret, recoveryCodeHashes],
    );
  }

  async confirmTwoFactor(userId: string): Promise<void> {
    await this.users.query(`UPDATE users SET two_factor_confirmed_at = now(), updated_at = now() WHERE id = $1`, [
      userId,
    ]);
  }

  async clearTwoFactor(userId: string): Promise<void> {
    await this.users.query(
      `UPDATE users SET two_factor_secret = NULL, two_factor_recovery_codes = NULL, two_factor_confirmed_at = NULL, two_factor_last_step = NULL, updated_at = now() WHERE id = $1`,
      [userId],
    );
  }

  async setRecoveryCodes(userId: string, recoveryCodeHashes: string[]): Promise<void> {
    await this.users.query(`UPDATE users SET two_factor_recovery_codes = $2, updated_at = now() WHERE id = $1`, [
      userId,
      recoveryCodeHashes,
    ]);
  }

  /** Records the TOTP step as used; false when it (or a later one) was used already, so a code never works twice. */
  async claimTotpStep(userId: string, step: number): Promise<boolean> {
    const rows: unknown[] = await this.users.query(
      `UPDATE users SET two_factor_last_step = $2 WHERE id = $1 AND (two_factor_last_step IS NULL OR two_factor_last_step < $2) RETURNING id`,
      [userId, step],
    );
    return affected(rows) > 0;
  }

  /** Removes one recovery code atomically; false when it was not there (two requests cannot both spend it). */
  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    const rows: unknown[] = await this.users.query(
      `UPDATE users SET two_factor_recovery_codes = array_remove(two_factor_recovery_codes, $2) WHERE id = $1 AND $2 = ANY(two_factor_recovery_codes) RETURNING id`,
      [userId, codeHash],
    );
    return affected(rows) > 0;
  }
}

/** TypeORM's postgres driver answers UPDATE ... RETURNING as [rows, count]. */
function affected(result: unknown[]): number {
  if (Array.isArray(result[0])) return (result[0] as unknown[]).length;
  return result.length;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
