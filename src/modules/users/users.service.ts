import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isUuid } from '../../common/uuid.pipe';
import { User } from './user.entity';
import { UsersRepository, type UserSegment } from './users.repository';

/** Reads and writes user rows; the only way other modules reach users. */
@Injectable()
export class UsersService {
  constructor(private readonly repo: UsersRepository) {}

  /** Runs on every signed-in request (the auth guard): one prepared primary-key read, no query building. */
  async findById(id: string): Promise<User | null> {
    return isUuid(id) ? this.repo.findById(id) : null;
  }

  /** The default columns of users under `alias`, each named `prefix + property`, for joins on hot paths. */
  selectList(alias: string, prefix = ''): string {
    return this.repo.selectList(alias, prefix);
  }

  /** A user from a row selected with selectList (null when the joined user is missing). */
  fromRow(row: Record<string, unknown>, prefix = ''): User | null {
    return this.repo.fromRow(row, prefix);
  }

  /** Several users at once (unknown ids are simply missing from the answer). */
  async findByIds(ids: string[]): Promise<User[]> {
    return this.repo.findByIds([...new Set(ids.filter(isUuid))]);
  }

  /** Admin look-up by email or name (case-insensitive substring), at most `limit`, by email. */
  search(text: string, limit = 20): Promise<User[]> {
    return this.repo.search(`%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`, limit);
  }

  /** People whose handle or name contains `text` (2+ characters; a leading @ is ignored), at most `limit`. */
  findPeople(text: string, limit = 10): Promise<User[]> {
    return text.trim().replace(/^@/, '').length < 2 ? Promise.resolve([]) : this.repo.findPeople(text, limit);
  }

  /**
   * Admin list: users whose email, handle or name contains `text` (any case), newest first. The trigram index on
   * users_search_text serves the filter; without text the created_at index serves the order.
   */
  searchPage(text: string, offset: number, limit: number): Promise<[User[], number]> {
    return this.repo.searchPage(text, offset, limit);
  }

  /**
   * Deletion on request: the row stays (ledgers, orders and audit rows keep pointing at it) but every personal field
   * is replaced, the password can no longer match, two-factor, addresses and linked accounts are removed.
   */
  anonymise(manager: EntityManager, id: string, at: Date): Promise<void> {
    return this.repo.anonymise(manager, id, at);
  }

  /** By email (any case) or by id, for admin forms that accept either. */
  findByEmailOrId(key: string): Promise<User | null> {
    return isUuid(key) ? this.findById(key) : this.findByEmail(key);
  }

  /** The user's image-credit balance (null for an unknown user). */
  imageCredits(userId: string, manager?: EntityManager): Promise<number | null> {
    return this.repo.imageCredits(userId, manager);
  }

  /**
   * Moves the balance by `delta` in one conditional UPDATE (so concurrent spends can never take it below zero; the
   * column also has CHECK >= 0). Returns the new balance, or null when the user is unknown or has too few credits.
   * Run it inside the ledger's transaction (`manager`) so the balance and the ledger row commit together.
   */
  addImageCredits(manager: EntityManager, userId: string, delta: number): Promise<number | null> {
    return this.repo.addImageCredits(manager, userId, delta);
  }

  findByEmail(email: string): Promise<User | null> {
    return this.repo.findOneBy({ email: normalizeEmail(email) });
  }

  findByHandle(handle: string): Promise<User | null> {
    return this.repo.findOneBy({ handle: handle.toLowerCase() });
  }

  /** With the password hash, for checking credentials only. */
  findWithSecrets(id: string): Promise<User | null> {
    return this.repo.findWithSecrets({ id });
  }

  findByEmailWithSecrets(email: string): Promise<User | null> {
    return this.repo.findWithSecrets({ email: normalizeEmail(email) });
  }

  async isHandleTaken(handle: string, exceptUserId?: string): Promise<boolean> {
    const owner = await this.repo.idOfHandle(handle.toLowerCase());
    return !!owner && owner !== exceptUserId;
  }

  create(data: Partial<User>): Promise<User> {
    return this.repo.insert({ ...data, email: normalizeEmail(data.email ?? '') });
  }

  async update(id: string, changes: Partial<User>): Promise<User> {
    await this.repo.update(id, changes);
    return (await this.findById(id))!;
  }

  /** Writes columns of one user inside the caller's transaction (admin changes commit with their audit row). */
  updateIn(manager: EntityManager, id: string, changes: Partial<User>): Promise<void> {
    return this.repo.updateIn(manager, id, changes);
  }

  delete(id: string): Promise<void> {
    return this.repo.delete(id);
  }

  /** Locks the user's row until the caller's transaction ends (serialises per-user limit checks). */
  lock(manager: EntityManager, userId: string): Promise<void> {
    return this.repo.lock(manager, userId);
  }

  /** Stores a new password hash (inside the caller's transaction when given). */
  setPasswordHash(userId: string, passwordHash: string, manager?: EntityManager): Promise<void> {
    return this.repo.setPasswordHash(userId, passwordHash, manager);
  }

  // ---- two-factor state (the rules live in TwoFactorService; these are its writes) ----

  /** A new sealed secret and hashed recovery codes; not active until confirmed. */
  startTwoFactor(userId: string, sealedSecret: string, recoveryCodeHashes: string[]): Promise<void> {
    return this.repo.startTwoFactor(userId, sealedSecret, recoveryCodeHashes);
  }

  confirmTwoFactor(userId: string): Promise<void> {
    return this.repo.confirmTwoFactor(userId);
  }

  clearTwoFactor(userId: string): Promise<void> {
    return this.repo.clearTwoFactor(userId);
  }

  setRecoveryCodes(userId: string, recoveryCodeHashes: string[]): Promise<void> {
    return this.repo.setRecoveryCodes(userId, recoveryCodeHashes);
  }

  /** Records the TOTP step as used; false when it (or a later one) was used already, so a code never works twice. */
  claimTotpStep(userId: string, step: number): Promise<boolean> {
    return this.repo.claimTotpStep(userId, step);
  }

  /** Removes one recovery code atomically; false when it was not there (two requests cannot both spend it). */
  useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    return this.repo.useRecoveryCode(userId, codeHash);
  }

  /** Active users of a segment in id order after `afterId` (keyset paging for fan-outs). */
  segmentIds(segment: UserSegment, afterId: string | null, limit: number): Promise<string[]> {
    return this.repo.segmentIds(segment, afterId, limit);
  }

  segmentCount(segment: UserSegment): Promise<number> {
    return this.repo.segmentCount(segment);
  }

  /** Sign-ups in [start, end), for the admin metrics rollup. */
  signupsBetween(start: Date, end: Date): Promise<number> {
    return this.repo.signupsBetween(start, end);
  }

  /** When each of these users signed up, by id (unknown ids left out). */
  async signupTimes(ids: string[]): Promise<Map<string, Date>> {
    return new Map((await this.repo.signupTimes(ids)).map((r) => [r.id, r.created_at]));
  }

  /** Sign-ups per UTC week (the week's Monday, YYYY-MM-DD) since `since`: the admin console's cohort sizes. */
  signupsByWeek(since: Date): Promise<Array<{ week: string; n: number }>> {
    return this.repo.signupsByWeek(since);
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
