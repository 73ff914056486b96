import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export interface ResetTokenRow {
  tokenHash: string;
  createdAt: Date;
}

export interface SessionListRow {
  sid: string;
  userAgent: string | null;
  ip: string | null;
  updatedAt: Date;
}

/**
 * Auth's tables: password-reset tokens, and the user's rows in `sessions` (written by PgSessionStore, the
 * express-session store in src/modules/security). Methods that take an `EntityManager` run in the caller's transaction.
 */
@Injectable()
export class AuthRepository {
  constructor(private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async saveResetToken(email: string, tokenHash: string, at: Date): Promise<void> {
    await this.db.query(
      `INSERT INTO password_reset_tokens (email, token_hash, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO UPDATE SET token_hash = $2, created_at = $3`,
      [email, tokenHash, at],
    );
  }

  async lockResetToken(email: string, tx: EntityManager): Promise<ResetTokenRow | null> {
    const rows: Array<{ token_hash: string; created_at: Date }> = await tx.query(
      `SELECT token_hash, created_at FROM password_reset_tokens WHERE email = $1 FOR UPDATE`,
      [email],
    );
    return rows[0] ? { tokenHash: rows[0].token_hash, createdAt: new Date(rows[0].created_at) } : null;
  }

  async deleteResetToken(email: string, tx: EntityManager): Promise<void> {
    await tx.query(`DELETE FROM password_reset_tokens WHERE email = $1`, [email]);
  }

  async liveSessions(userId: string, limit: number): Promise<SessionListRow[]> {
    const rows: Array<{ sid: string; user_agent: string | null; ip: string | null; updated_at: Date }> =
      await this.db.query(
        `SELECT sid, user_agent, ip, updated_at FROM sessions WHERE user_id = $1 AND expires_at > now() ORDER BY updated_at DESC LIMIT $2`,
        [userId, limit],
      );
    return rows.map((r) => ({ sid: r.sid, userAgent: r.user_agent, ip: r.ip, updatedAt: new Date(r.updated_at) }));
  }

  /** Ends every session of the user but one; answers how many ended. */
  async deleteSessionsExcept(userId: string, keepSid: string): Promise<number> {
    const result: [unknown[], number] = await this.db.query(`DELETE FROM sessions WHERE user_id = $1 AND sid <> $2`, [
      userId,
      keepSid,
    ]);
    return result[1] ?? 0;
  }

  async deleteSessions(userId: string, manager: EntityManager | DataSource = this.db): Promise<void> {
    await manager.query(`DELETE FROM sessions WHERE user_id = $1`, [userId]);
  }
}
