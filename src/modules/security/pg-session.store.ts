import type { Request } from 'express';
import { Store, SessionData } from 'express-session';
import { DataSource } from 'typeorm';
import { rememberSessionUser } from '../../common/session-user';
import { preparedQuery } from '../../database/raw-rows';
import type { User } from '../users';
import '../../common/session.types';

/** How the store reads the session's user in the same query (UsersService.selectList/fromRow). */
export interface SessionUserReader {
  selectList(alias: string, prefix?: string): string;
  fromRow(row: Record<string, unknown>, prefix?: string): User | null;
}

const TOUCH_INTERVAL_MS = 60_000;

/**
 * express-session store on PostgreSQL. Rows carry user_id so a user's other sessions can be
 * listed and ended; touches are throttled so reading a page does not write a row every time.
 */
export class PgSessionStore extends Store {
  private readonly lastTouch = new Map<string, number>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly getSql: string;
  /** Users read with their session row, until createSession hands them to the request. */
  private readonly users = new WeakMap<SessionData, User>();

  constructor(
    // Infrastructure: an express-session Store built outside Nest; AuthRepository lists and ends a user's rows.
    private readonly db: DataSource,
    private readonly userReader?: SessionUserReader,
  ) {
    super();
    this.sweeper = setInterval(() => void this.sweep(), 3_600_000).unref();
    // One primary-key read; the signed-in user's row comes along (same snapshot), so the auth
    // guard needs no second round trip. Nothing is cached between requests.
    this.getSql = userReader
      ? `SELECT s.data, ${userReader.selectList('u', 'u_')} FROM sessions s LEFT JOIN users u ON u.id = s.user_id WHERE s.sid = $1 AND s.expires_at > now()`
      : 'SELECT s.data FROM sessions s WHERE s.sid = $1 AND s.expires_at > now()';
  }

  override get(sid: string, done: (err: unknown, session?: SessionData | null) => void): void {
    preparedQuery<{ data: SessionData }>(
      this.db,
      this.userReader ? 'sessions_get_with_user' : 'sessions_get',
      this.getSql,
      [sid],
    ).then((rows) => {
      const row = rows[0];
      if (!row) return done(null, null);
      const user = this.userReader?.fromRow(row, 'u_');
      if (user && row.data && typeof row.data === 'object') this.users.set(row.data, user);
      done(null, row.data);
    }, done);
  }

  override createSession(req: Request, data: SessionData) {
    const user = this.users.get(data);
    if (user) {
      this.users.delete(data);
      rememberSessionUser(req, user);
    }
    return super.createSession(req, data);
  }

  override set(sid: string, session: SessionData, done?: (err?: unknown) => void): void {
    this.lastTouch.set(sid, performance.now());
    this.db
      .query(
        `INSERT INTO sessions (sid, user_id, data, user_agent, ip, expires_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, now())
         ON CONFLICT (sid) DO UPDATE SET user_id = $2, data = $3, user_agent = $4, ip = $5, expires_at = $6, updated_at = now()`,
        [
          sid,
          session.userId ?? null,
          JSON.stringify(session),
          session.userAgent?.slice(0, 300) ?? null,
          session.ip ?? null,
          expiry(session),
        ],
      )
      .then(
        () => done?.(),
        (error) => done?.(error),
      );
  }

  override touch(sid: string, session: SessionData, done?: (err?: unknown) => void): void {
    const last = this.lastTouch.get(sid) ?? -Infinity;
    if (performance.now() - last < TOUCH_INTERVAL_MS) return done?.();
    this.lastTouch.set(sid, performance.now());
    this.db
      .query('UPDATE sessions SET expires_at = $2, updated_at = now() WHERE sid = $1', [sid, expiry(session)])
      .then(
        () => done?.(),
        (error) => done?.(error),
      );
  }

  override destroy(sid: string, done?: (err?: unknown) => void): void {
    this.lastTouch.delete(sid);
    this.db.query('DELETE FROM sessions WHERE sid = $1', [sid]).then(
      () => done?.(),
      (error) => done?.(error),
    );
  }

  close(): void {
    clearInterval(this.sweeper);
  }

  private async sweep(): Promise<void> {
    this.lastTouch.clear();
    await this.db.query('DELETE FROM sessions WHERE expires_at < now()').catch(() => undefined);
  }
}

function expiry(session: SessionData): Date {
  const expires = session.cookie?.expires;
  // eslint-disable-next-line no-restricted-syntax -- compared with PostgreSQL's now() by the session read
  return expires ? new Date(expires) : new Date(Date.now() + 86_400_000);
}
