import { Injectable } from '@nestjs/common';
import { KEYSET_AT_SQL, type KeysetCursor } from '../../common/keyset';
import type { ModerationState } from '../../contracts/community';
import { returningRows } from '../../database/raw-rows';
import { TransactionalRepository } from '../../database/transactional-repository';
import { bumpCount } from './channels.repository';

export interface MessageRow {
  id: string;
  channel_id: string;
  author_id: string;
  body_html: string;
  moderation: ModerationState;
  created_at: Date;
}

const COLUMNS = 'id, channel_id, author_id, body_html, moderation, created_at';

/** The only place with SQL for channel messages (history, writes, moderation state, the one-time notice mark). */
@Injectable()
export class ChannelMessagesRepository extends TransactionalRepository {
  async find(id: string): Promise<MessageRow | null> {
    const [row] = (await this.m.query(`SELECT ${COLUMNS} FROM community_messages WHERE id = $1`, [id])) as MessageRow[];
    return row ?? null;
  }

  /** The message and the channel's counters together. */
  add(channelId: string, authorId: string, html: string, moderation: ModerationState): Promise<MessageRow> {
    return this.transaction(async (tx) => {
      const [row] = (await tx.m.query(
        `INSERT INTO community_messages (channel_id, author_id, body_html, moderation) VALUES ($1, $2, $3, $4)
         RETURNING ${COLUMNS}`,
        [channelId, authorId, html, moderation],
      )) as MessageRow[];
      await bumpCount(tx.m, channelId, 'messages_count', 1);
      return row;
    });
  }

  /** Deletes a message and uncounts it; false when it was already gone. */
  remove(message: MessageRow): Promise<boolean> {
    return this.transaction(async (tx) => {
      const rows = returningRows(
        await tx.m.query(`DELETE FROM community_messages WHERE id = $1 RETURNING id`, [message.id]),
      );
      if (rows.length) await bumpCount(tx.m, message.channel_id, 'messages_count', -1);
      return rows.length > 0;
    });
  }

  async setState(id: string, state: ModerationState): Promise<MessageRow | null> {
    const [row] = returningRows<MessageRow>(
      await this.m.query(`UPDATE community_messages SET moderation = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [
        id,
        state,
      ]),
    );
    return row ?? null;
  }

  /** Visible messages newest first, keyset paged on (created_at, id): a deep page costs what the first does. */
  history(
    channelId: string,
    after: KeysetCursor | null,
    limit: number,
  ): Promise<(MessageRow & { cursor_at: string })[]> {
    const older = after ? `AND (created_at, id) < ($3::timestamptz, $4)` : '';
    return this.m.query(
      `SELECT ${COLUMNS}, ${KEYSET_AT_SQL('created_at')} AS cursor_at FROM community_messages
       WHERE channel_id = $1 AND moderation = 'visible' ${older}
       ORDER BY created_at DESC, id DESC LIMIT $2`,
      after ? [channelId, limit, after.exact, after.id] : [channelId, limit],
    ) as Promise<(MessageRow & { cursor_at: string })[]>;
  }

  /** Marks the members' notice of a message as sent; false when it already was (a retried job). */
  async claimNotice(id: string, at: Date): Promise<boolean> {
    const rows = returningRows(
      await this.m.query(
        `UPDATE community_messages SET notified_at = $2 WHERE id = $1 AND notified_at IS NULL RETURNING id`,
        [id, at],
      ),
    );
    return rows.length > 0;
  }
}
