import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { DesignChatFlagSource } from '../../contracts/admin-content';
import { returningRows } from '../../database/raw-rows';

export interface FlagRow {
  id: string;
  source: DesignChatFlagSource;
  reason: string;
  reporter_id: string | null;
  created_at: Date;
  resolved_at: Date | null;
  resolution: string | null;
  message_id: string;
  design_id: string;
  author_id: string;
  role: 'user' | 'assistant';
  content: string;
  hidden_at: Date | null;
  message_created_at: Date;
}

const SELECT = `SELECT f.id, f.source, f.reason, f.reporter_id, f.created_at, f.resolved_at, f.resolution,
  m.id AS message_id, m.design_id, m.user_id AS author_id, m.role, m.content, m.hidden_at,
  m.created_at AS message_created_at
  FROM design_chat_flags f JOIN design_chat_messages m ON m.id = f.message_id`;

/** Flags on design-chat messages and the hidden mark (design_chat_flags, design_chat_messages.hidden_at). */
@Injectable()
export class DesignChatModerationRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  async message(id: string): Promise<{ id: string; design_id: string } | null> {
    const [row] = await this.db.query(`SELECT id, design_id FROM design_chat_messages WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** One flag per reporter (or one from the filter) per message; a repeat is a no-op. Returns whether it was new. */
  async flag(
    messageId: string,
    reporterId: string | null,
    source: DesignChatFlagSource,
    reason: string,
  ): Promise<boolean> {
    const rows = returningRows(
      await this.db.query(
        `INSERT INTO design_chat_flags (message_id, reporter_id, source, reason) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING id`,
        [messageId, reporterId, source, reason.slice(0, 300)],
      ),
    );
    return rows.length > 0;
  }

  /** Newest first; the open list is served by the partial index on unresolved flags. */
  async page(openOnly: boolean, offset: number, limit: number): Promise<[FlagRow[], number]> {
    const where = openOnly ? 'WHERE f.resolved_at IS NULL' : '';
    const rows = await this.db.query<FlagRow[]>(
      `${SELECT} ${where} ORDER BY f.created_at DESC, f.id DESC OFFSET $1 LIMIT $2`,
      [offset, limit],
    );
    const [{ n }] = await this.db.query<Array<{ n: string }>>(`SELECT count(*) AS n FROM design_chat_flags f ${where}`);
    return [rows, Number(n)];
  }

  async find(flagId: string, m: EntityManager = this.db.manager): Promise<FlagRow | null> {
    const [row] = await m.query<FlagRow[]>(`${SELECT} WHERE f.id = $1 FOR UPDATE OF f`, [flagId]);
    return row ?? null;
  }

  async hide(messageId: string, moderatorId: string, m: EntityManager): Promise<void> {
    await m.query(
      `UPDATE design_chat_messages SET hidden_at = coalesce(hidden_at, now()), hidden_by = coalesce(hidden_by, $2)
       WHERE id = $1`,
      [messageId, moderatorId],
    );
  }

  /** Resolves every open flag on the message with one outcome. */
  async resolve(messageId: string, resolution: string, m: EntityManager): Promise<void> {
    await m.query(
      `UPDATE design_chat_flags SET resolved_at = now(), resolution = $2 WHERE message_id = $1 AND resolved_at IS NULL`,
      [messageId, resolution],
    );
  }
}
