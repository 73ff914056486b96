import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { hydrate, preparedQuery, returningRows, selectList } from '../../database/raw-rows';
import { User } from './user.entity';

const SECRET_COLUMNS = ['user.passwordHash', 'user.twoFactorSecret', 'user.twoFactorRecoveryCodes'];

/** The users table: typed reads and writes, no rules (UsersService holds them and is what other modules call). */
@Injectable()
export class UsersRepository {
  private readonly byIdSql: string;
  private readonly byIdsSql: string;

  constructor(@InjectRepository(User) private readonly users: Repository<User>) {
    this.byIdSql = `SELECT ${this.selectList('u')} FROM users u WHERE u.id = $1`;
    this.byIdsSql = `SELECT ${this.selectList('u')} FROM users u WHERE u.id = ANY ($1::uuid[])`;
  }

  /** One prepared primary-key read, no query building (it runs on every signed-in request). */
  async findById(id: string): Promise<User | null> {
    const [row] = await preparedQuery(this.users.manager.connection, 'users_find_by_id', this.byIdSql, [id]);
    return row ? this.fromRow(row) : null;
  }

  selectList(alias: string, prefix = ''): string {
    return selectList(this.users.metadata, alias, prefix);
  }

  fromRow(row: Record<string, unknown>, prefix = ''): User | null {
    if (row[`${prefix}id`] == null) return null;
    return hydrate<User>(this.users.metadata, row, prefix);
  }

  /** One prepared statement for any number of ids (chat people, list authors: several times per request). */
  async findByIds(ids: string[]): Promise<User[]> {
    if (!ids.length) return [];
    const rows = await preparedQuery(this.users.manager.connection, 'users_find_by_ids', this.byIdsSql, [ids]);
    return rows.map((row) => this.fromRow(row)!);
  }

  /** Email or name containing `pattern` (an ILIKE pattern), by email. */
  search(pattern: string, limit: number): Promise<User[]> {
    return this.users
      .createQueryBuilder('u')
      .where('u.email ILIKE :pattern OR u.name ILIKE :pattern', { pattern })
      .orderBy('u.email')
      .limit(limit)
      .getMany();
  }

  findOneBy(where: { email: string } | { handle: string }): Promise<User | null> {
    return this.users.findOneBy(where);
  }

  async idOfHandle(handle: string): Promise<string | null> {
    const found = await this.users.findOne({ where: { handle }, select: { id: true } });
    return found?.id ?? null;
  }

  /** With the password hash and two-factor secrets. */
  findWithSecrets(where: { id: string } | { email: string }): Promise<User | null> {
    const [column, value] = 'id' in where ? ['id', where.id] : ['email', where.email];
    return this.users
      .createQueryBuilder('user')
      .addSelect(SECRET_COLUMNS)
      .where(`user.${column} = :value`, { value })
      .getOne();
  }

  async imageCredits(userId: string, manager: EntityManager = this.users.manager): Promise<number | null> {
    const row = await manager.getRepository(User).findOne({ where: { id: userId }, select: { imageCredits: true } });
    return row?.imageCredits ?? null;
  }

  /** One conditional UPDATE: the new balance, or null when the user is unknown or the balance would go below 0. */
  async addImageCredits(manager: EntityManager, userId: string, delta: number): Promise<number | null> {
    const rows: unknown = await manager.query(
      `UPDATE users SET image_credits = image_credits + $2 WHERE id = $1 AND image_credits + $2 >= 0 RETURNING image_credits`,
      [userId, delta],
    );
    return returningRows<{ image_credits: number }>(rows)[0]?.image_credits ?? null;
  }

  insert(data: Partial<User>): Promise<User> {
    return this.users.save(this.users.create(data));
  }

  async update(id: string, changes: Partial<User>): Promise<void> {
    await this.users.update({ id }, changes);
  }

  async delete(id: string): Promise<void> {
    await this.users.delete({ id });
  }

  async lock(manager: EntityManager, userId: string): Promise<void> {
    await manager.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
  }

  async setPasswordHash(userId: string, passwordHash: string, manager: EntityManager = this.users.manager) {
    await manager.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [
      userId,
      passwordHash,
    ]);
  }

  // ---- two-factor columns ----

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

  /** Records the step when it is later than the last used one; false otherwise. */
  async claimTotpStep(userId: string, step: number): Promise<boolean> {
    const rows: unknown[] = await this.users.query(
      `UPDATE users SET two_factor_last_step = $2 WHERE id = $1 AND (two_factor_last_step IS NULL OR two_factor_last_step < $2) RETURNING id`,
      [userId, step],
    );
    return returningRows(rows).length > 0;
  }

  /** Removes the code when present, in one statement; false when it was not there. */
  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    const rows: unknown[] = await this.users.query(
      `UPDATE users SET two_factor_recovery_codes = array_remove(two_factor_recovery_codes, $2) WHERE id = $1 AND $2 = ANY(two_factor_recovery_codes) RETURNING id`,
      [userId, codeHash],
    );
    return returningRows(rows).length > 0;
  }

  /**
   * People by handle or name (never email), for pickers such as a channel invitation: the trigram index on
   * users_search_text narrows, the second test drops matches that were only in the email. Active accounts only.
   */
  findPeople(text: string, limit: number): Promise<User[]> {
    const pattern = `%${text
      .trim()
      .toLowerCase()
      .replace(/^@/, '')
      .replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    return this.users
      .createQueryBuilder('u')
      .where('users_search_text(u.email, u.handle, u.name) LIKE :pattern', { pattern })
      .andWhere("(lower(coalesce(u.handle, '')) LIKE :pattern OR lower(u.name) LIKE :pattern)", { pattern })
      .andWhere('u.deleted_at IS NULL AND u.suspended_at IS NULL')
      .orderBy('u.handle', 'ASC', 'NULLS LAST')
      .addOrderBy('u.id')
      .limit(limit)
      .getMany();
  }

  /** Admin list: email, handle or name containing `text` (the trigram index on users_search_text), newest first. */
  searchPage(text: string, offset: number, limit: number): Promise<[User[], number]> {
    const qb = this.users.createQueryBuilder('u').orderBy('u.created_at', 'DESC').addOrderBy('u.id', 'DESC');
    const needle = text.trim().toLowerCase();
    if (needle) {
      const pattern = `%${needle.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      qb.where('users_search_text(u.email, u.handle, u.name) LIKE :pattern', { pattern });
    }
    return qb.skip(offset).take(limit).getManyAndCount();
  }

  /** Personal fields replaced, credentials unusable; the user's addresses and linked accounts removed. */
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

  async updateIn(manager: EntityManager, id: string, changes: Partial<User>): Promise<void> {
    await manager.getRepository(User).update({ id }, changes);
  }

  /** Active accounts (not suspended or deleted) of a segment, by id after a cursor: a broadcast's recipients. */
  async segmentIds(segment: UserSegment, afterId: string | null, limit: number): Promise<string[]> {
    const rows = await this.users.query<Array<{ id: string }>>(
      `SELECT id FROM users WHERE suspended_at IS NULL AND deleted_at IS NULL
         AND ($1::varchar IS NULL OR role = $1) AND ($2::varchar IS NULL OR type = $2)
         AND ($3::uuid IS NULL OR id > $3) ORDER BY id LIMIT $4`,
      [segment.role ?? null, segment.type ?? null, afterId, limit],
    );
    return rows.map((r) => r.id);
  }

  async segmentCount(segment: UserSegment): Promise<number> {
    const [{ n }] = await this.users.query<Array<{ n: string }>>(
      `SELECT count(*) AS n FROM users WHERE suspended_at IS NULL AND deleted_at IS NULL
         AND ($1::varchar IS NULL OR role = $1) AND ($2::varchar IS NULL OR type = $2)`,
      [segment.role ?? null, segment.type ?? null],
    );
    return Number(n);
  }

  /** Sign-ups in [start, end) (the admin metrics rollup; served by users_created_at). */
  async signupsBetween(start: Date, end: Date): Promise<number> {
    const [{ n }] = await this.users.query<Array<{ n: string }>>(
      `SELECT count(*) AS n FROM users WHERE created_at >= $1 AND created_at < $2`,
      [start, end],
    );
    return Number(n);
  }

  /** When each of these users signed up (unknown ids left out). */
  async signupTimes(ids: string[]): Promise<Array<{ id: string; created_at: Date }>> {
    if (!ids.length) return [];
    return this.users.query(`SELECT id, created_at FROM users WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** Sign-ups per UTC week (Monday) since `since`, oldest first. */
  async signupsByWeek(since: Date): Promise<Array<{ week: string; n: number }>> {
    const rows = await this.users.query<Array<{ week: string; n: string }>>(
      `SELECT to_char(date_trunc('week', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week, count(*) AS n
       FROM users WHERE created_at >= $1 GROUP BY 1 ORDER BY 1`,
      [since],
    );
    return rows.map((r) => ({ week: r.week, n: Number(r.n) }));
  }
}

/** A group of users by role and/or type (both left out: everyone). */
export interface UserSegment {
  role?: string;
  type?: string;
}
