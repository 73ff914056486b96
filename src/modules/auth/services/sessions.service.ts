import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export interface SessionRow {
  id: string;
  userAgent: string | null;
  ip: string | null;
  lastActiveAt: string;
  isCurrent: boolean;
}

/** The user's rows in the sessions table (written by PgSessionStore): list and end them. */
@Injectable()
export class SessionsService {
  constructor(private readonly db: DataSource) {}

  async listFor(userId: string, currentSid: string): Promise<SessionRow[]> {
    const rows: Array<{ sid: string; user_agent: string | null; ip: string | null; updated_at: Date }> =
      await this.db.query(
        `SELECT sid, user_agent, ip, updated_at FROM sessions WHERE user_id = $1 AND expires_at > now() ORDER BY updated_at DESC LIMIT 50`,
        [userId],
      );
    return rows.map((row) => ({
      // The raw session id is a credential: expose only a short digest-like label.
      id: row.sid.slice(0, 8),
      userAgent: row.user_agent,
      ip: row.ip,
      lastActiveAt: new Date(row.updated_at).toISOString(),
      isCurrent: row.sid === currentSid,
    }));
  }

  async destroyOthers(userId: string, currentSid: string): Promise<number> {
    const result: [unknown[], number] = await this.db.query(`DELETE FROM sessions WHERE user_id = $1 AND sid <> $2`, [
      userId,
      currentSid,
    ]);
    return result[1] ?? 0;
  }

  async destroyAllFor(userId: string, manager: EntityManager | DataSource = this.db): Promise<void> {
    await manager.query(`DELETE FROM sessions WHERE user_id = $1`, [userId]);
  }
}
