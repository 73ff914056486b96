import { Store, SessionData } from 'express-session';
import { DataSource } from 'typeorm';
import '../../common/session.types';

const TOUCH_INTERVAL_MS = 60_000;

/**
 * express-session store on PostgreSQL. Rows carry user_id so a user's other sessions can be
 * listed and ended; touches are throttled so reading a page does not write a row every time.
 */
export class PgSessionStore extends Store {
  private readonly lastTouch = new Map<string, number>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly db: DataSource) {
    super();
    this.sweeper = setInterval(() => void this.sweep(), 3_600_000).unref();
  }

  override get(sid: string, done: (err: unknown, session?: SessionData | null) => void): void {
    this.db
      .query('SELECT data FROM sessions WHERE sid = $1 AND expires_at > now()', [sid])
      .then((rows: Array<{ data: SessionData }>) => done(null, rows[0]?.data ?? null), done);
  }

  override set(sid: string, session: SessionData, done?: (err?: unknown) => void): void {
    this.lastTouch.set(sid, Date.now());
    this.db
      .query(
        `INSERT INTO sessions (sid, user_id, data, user_agent, ip, expires_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, now())
         ON CONFLICT (sid) DO UPDATE SET user_id = $2, data = $3, user_agent = $4, ip = $5, expires_at = $6, updated_at = now()`,
        [sid, session.userId ?? null, JSON.stringify(session), session.userAgent?.slice(0, 300) ?? null, session.ip ?? null, expiry(session)],
      )
      .then(() => done?.(), (error) => done?.(error));
  }

  override touch(sid: string, session: SessionData, done?: (err?: unknown) => void): void {
    const last = this.lastTouch.get(sid) ?? 0;
    if (Date.now() - last < TOUCH_INTERVAL_MS) return done?.();
    this.lastTouch.set(sid, Date.now());
    this.db
      .query('UPDATE sessions SET expires_at = $2, updated_at = now() WHERE sid = $1', [sid, expiry(session)])
      .then(() => done?.(), (error) => done?.(error));
  }

  override destroy(sid: string, done?: (err?: unknown) => void): void {
    this.lastTouch.delete(sid);
    this.db.query('DELETE FROM sessions WHERE sid = $1', [sid]).then(() => done?.(), (error) => done?.(error));
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
  return expires ? new Date(expires) : new Date(Date.now() + 86_400_000);
}
