import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { AuthRepository } from '../auth.repository';

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
  constructor(private readonly repo: AuthRepository) {}

  async listFor(userId: string, currentSid: string): Promise<SessionRow[]> {
    const rows = await this.repo.liveSessions(userId, 50);
    return rows.map((row) => ({
      // The raw session id is a credential: expose only a short digest-like label.
      id: row.sid.slice(0, 8),
      userAgent: row.userAgent,
      ip: row.ip,
      lastActiveAt: row.updatedAt.toISOString(),
      isCurrent: row.sid === currentSid,
    }));
  }

  destroyOthers(userId: string, currentSid: string): Promise<number> {
    return this.repo.deleteSessionsExcept(userId, currentSid);
  }

  destroyAllFor(userId: string, manager?: EntityManager | DataSource): Promise<void> {
    return this.repo.deleteSessions(userId, manager);
  }
}
