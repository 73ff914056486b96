import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ChatTab, MessageType } from '../../contracts/chats';
import { KEYSET_AT_SQL, type KeysetCursor } from '../../common/keyset';
import type { QueryResultRow } from 'pg';
import { preparedQuery, returningRows } from '../../database/raw-rows';
import type { MessageRow, ParticipantState, ListRow, ParticipantRow, SentRow } from './chats.rows';

export type { MessageRow, ParticipantState, ListRow, ParticipantRow, SentRow } from './chats.rows';

/** Which of a user's chats each tab shows (every tab reads only that user's chat_participants rows). */
const TAB_FILTERS: Record<ChatTab, string> = {
  chats: 'NOT p.is_blocked AND NOT p.is_muted AND NOT p.is_request',
  requested: 'p.is_request AND NOT p.is_blocked',
  muted: 'p.is_muted AND NOT p.is_blocked AND NOT p.is_request',
  blocked: 'p.is_blocked',
};

const LIST_SELECT = `
  SELECT p.chat_id, p.is_muted, p.is_blocked, p.is_request, p.unread_count,
         c.type, c.name, c.accepted, c.created_by_user_id, c.created_at,
         ${KEYSET_AT_SQL('p.last_message_at')} AS cursor_at,
         CASE WHEN m.id IS NULL THEN NULL ELSE to_jsonb(m.*) END AS last_message
    FROM chat_participants p
    JOIN chats c ON c.id = p.chat_id
    LEFT JOIN chat_messages m ON m.id = p.last_message_id`;

const STATE_COLUMNS = `c.id AS chat_id, c.type, c.name, c.accepted, c.created_by_user_id, c.created_at,
  p.user_id, p.is_muted, p.is_blocked, p.is_request, p.left_at`;

/**
 * The only place with SQL for chats, chat_participants and chat_messages. The list and the unread total read one
 * user's chat_participants rows through their indexes; people's names come from UsersService, not from joins here.
 */
@Injectable()
export class ChatsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * The page's chat ids come from the index alone; only those rows are joined. `after` (the last listed chat's
   * exact position) continues below it by keyset on chat_participants_user_list_idx; else `offset` rows are skipped.
   */
  async listPage(
    userId: string,
    tab: ChatTab | 'all',
    limit: number,
    offset: number,
    after: KeysetCursor | null = null,
  ): Promise<{ rows: ListRow[]; total: number }> {
    const filter = tab === 'all' ? 'TRUE' : TAB_FILTERS[tab];
    const params: unknown[] = [userId, limit];
    const below = after
      ? `AND (p.last_message_at, p.chat_id) < ($${params.push(after.exact)}::timestamptz, $${params.push(after.id)}::uuid)`
      : `OFFSET $${params.push(offset)}`;
    const [keyset, skip] = after ? [below, ''] : ['', below];
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(
        `WITH page AS (
           SELECT p.chat_id FROM chat_participants p
            WHERE p.user_id = $1 AND p.left_at IS NULL AND ${filter} ${keyset}
            ORDER BY p.last_message_at DESC, p.chat_id DESC
            LIMIT $2 ${skip}
         )
         ${LIST_SELECT}
          WHERE p.user_id = $1 AND p.chat_id IN (SELECT chat_id FROM page)
          ORDER BY p.last_message_at DESC, p.chat_id DESC`,
        params,
      ) as Promise<ListRow[]>,
      this.db.query(
        `SELECT count(*)::int AS total FROM chat_participants p WHERE p.user_id = $1 AND p.left_at IS NULL AND ${filter}`,
        [userId],
      ) as Promise<Array<{ total: number }>>,
    ]);
    return { rows, total };
  }

  async listRow(userId: string, chatId: string): Promise<ListRow[]> {
    return (await this.db.query(`${LIST_SELECT} WHERE p.user_id = $1 AND p.chat_id = $2`, [
      userId,
      chatId,
    ])) as ListRow[];
  }

  /** The sum of the user's counters (muted and blocked chats never count), plus per tab. */
  async unreadCounts(userId: string): Promise<{ count: number } & Record<ChatTab, number>> {
    const [row] = (await this.db.query(
      `SELECT
         coalesce(sum(unread_count) FILTER (WHERE NOT is_muted AND NOT is_blocked), 0)::int AS count,
         coalesce(sum(unread_count) FILTER (WHERE ${TAB_FILTERS.chats.replace(/p\./g, '')}), 0)::int AS chats,
         coalesce(sum(unread_count) FILTER (WHERE ${TAB_FILTERS.requested.replace(/p\./g, '')}), 0)::int AS requested,
         coalesce(sum(unread_count) FILTER (WHERE ${TAB_FILTERS.muted.replace(/p\./g, '')}), 0)::int AS muted,
         coalesce(sum(unread_count) FILTER (WHERE ${TAB_FILTERS.blocked.replace(/p\./g, '')}), 0)::int AS blocked
       FROM chat_participants WHERE user_id = $1 AND unread_count > 0 AND left_at IS NULL`,
      [userId],
    )) as Array<{ count: number } & Record<ChatTab, number>>;
    return row;
  }

  async chatIds(userId: string): Promise<string[]> {
    const rows = (await this.db.query(
      `SELECT chat_id FROM chat_participants p WHERE user_id = $1 AND left_at IS NULL ORDER BY last_message_at DESC, chat_id DESC`,
      [userId],
    )) as Array<{ chat_id: string }>;
    return rows.map((r) => r.chat_id);
  }

  async sharedChatIds(userId: string, otherId: string): Promise<string[]> {
    const rows = (await this.db.query(
      `SELECT p.chat_id FROM chat_participants p
         JOIN chat_participants o ON o.chat_id = p.chat_id AND o.user_id = $2 AND o.left_at IS NULL
        WHERE p.user_id = $1 AND p.left_at IS NULL
        ORDER BY p.last_message_at DESC`,
      [userId, otherId],
    )) as Array<{ chat_id: string }>;
    return rows.map((r) => r.chat_id);
  }

  /** Whether `userId` wrote at least one message in a chat `otherId` is also in (chat_participants_user_list_idx). */
  async wroteTo(userId: string, otherId: string): Promise<boolean> {
    const [row] = (await this.db.query(
      `SELECT EXISTS (
         SELECT 1 FROM chat_participants p
           JOIN chat_participants o ON o.chat_id = p.chat_id AND o.user_id = $2
          WHERE p.user_id = $1
            AND EXISTS (SELECT 1 FROM chat_messages m WHERE m.chat_id = p.chat_id AND m.user_id = $1)
       ) AS wrote`,
      [userId, otherId],
    )) as Array<{ wrote: boolean }>;
    return row.wrote;
  }

  /** Newest first, `limit` rows; `before` (a message id) pages by cursor instead of offset. */
  async messages(
    chatId: string,
    viewerId: string,
    limit: number,
    offset: number,
    before?: string,
  ): Promise<{ rows: MessageRow[]; total: number }> {
    const params: unknown[] = [chatId, viewerId, limit];
    let cursor = '';
    if (before) {
      params.push(before);
      cursor = `AND (m.created_at, m.id) < (SELECT created_at, id FROM chat_messages WHERE id = $4 AND chat_id = $1)`;
      offset = 0;
    }
    params.push(offset);
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(
        `SELECT m.* FROM chat_messages m
          WHERE m.chat_id = $1 AND NOT ($2::uuid = ANY (m.hidden_for)) ${cursor}
          ORDER BY m.created_at DESC, m.id DESC
          LIMIT $3 OFFSET $${params.length}`,
        params,
      ) as Promise<MessageRow[]>,
      this.db.query(
        `SELECT count(*)::int AS total FROM chat_messages m WHERE m.chat_id = $1 AND NOT ($2::uuid = ANY (m.hidden_for))`,
        [chatId, viewerId],
      ) as Promise<Array<{ total: number }>>,
    ]);
    return { rows, total };
  }

  /** The chat (null if unknown) and this user's participant row in it (null if never in it). */
  async membership(chatId: string, userId: string): Promise<{ user_id: string | null; left_at: Date | null } | null> {
    const rows = (await this.db.query(
      `SELECT p.user_id, p.left_at FROM chats c LEFT JOIN chat_participants p ON p.chat_id = c.id AND p.user_id = $2 WHERE c.id = $1`,
      [chatId, userId],
    )) as Array<{ user_id: string | null; left_at: Date | null }>;
    return rows[0] ?? null;
  }

  async isActiveParticipant(chatId: string, userId: string): Promise<boolean> {
    const rows = (await this.db.query(
      `SELECT 1 FROM chat_participants WHERE chat_id = $1 AND user_id = $2 AND left_at IS NULL`,
      [chatId, userId],
    )) as unknown[];
    return rows.length > 0;
  }

  /** Everyone in the chat (left too) with the chat's columns: one query. */
  async participantStates(chatId: string): Promise<ParticipantState[]> {
    return (await this.db.query(
      `SELECT ${STATE_COLUMNS}
         FROM chats c JOIN chat_participants p ON p.chat_id = c.id
        WHERE c.id = $1 ORDER BY p.joined_at, p.user_id`,
      [chatId],
    )) as ParticipantState[];
  }

  /** Participants (left too) of several chats, in joining order. */
  async participantsOf(chatIds: string[]): Promise<ParticipantRow[]> {
    return (await this.db.query(
      `SELECT p.chat_id, p.user_id, p.left_at FROM chat_participants p
        WHERE p.chat_id = ANY ($1::uuid[]) ORDER BY p.joined_at, p.user_id`,
      [chatIds],
    )) as ParticipantRow[];
  }

  async directChatId(key: string): Promise<string | null> {
    const rows = (await this.db.query(`SELECT id FROM chats WHERE direct_key = $1`, [key])) as Array<{ id: string }>;
    return rows[0]?.id ?? null;
  }

  /** A new direct chat (the other side sees a request); null when someone opened it at the same moment. */
  createDirect(creatorId: string, otherId: string, key: string): Promise<string | null> {
    return this.db.transaction(async (m) => {
      const inserted = (await m.query(
        `INSERT INTO chats (type, accepted, created_by_user_id, direct_key) VALUES ('direct', false, $1, $2)
         ON CONFLICT (direct_key) WHERE direct_key IS NOT NULL DO NOTHING RETURNING id`,
        [creatorId, key],
      )) as Array<{ id: string }>;
      if (inserted.length === 0) return null;
      await m.query(
        `INSERT INTO chat_participants (chat_id, user_id, is_request, last_message_at, joined_at) VALUES ($1, $2, false, now(), now()), ($1, $3, true, now(), now())`,
        [inserted[0].id, creatorId, otherId],
      );
      return inserted[0].id;
    });
  }

  /** A new group chat; everyone but the creator sees a request. */
  createGroup(creatorId: string, name: string, memberIds: string[]): Promise<string> {
    return this.db.transaction(async (m) => {
      const [{ id }] = (await m.query(
        `INSERT INTO chats (type, name, accepted, created_by_user_id) VALUES ('group', $1, false, $2) RETURNING id`,
        [name, creatorId],
      )) as Array<{ id: string }>;
      await m.query(
        `INSERT INTO chat_participants (chat_id, user_id, is_request, last_message_at, joined_at)
         SELECT $1, u, u <> $2, now(), now() FROM unnest($3::uuid[]) AS u`,
        [id, creatorId, [creatorId, ...memberIds]],
      );
      return id;
    });
  }

  /**
   * One statement (one atomic transaction, one round trip): the sender may post (an active, answered, unblocked
   * participant with someone else still there), the insert, the chat's last message, every receiver's counter
   * and list position, and the chat's people for the live event. Receivers: not the sender, not a muted chat,
   * not a blocker (who does not receive it at all); an unaccepted chat shows as a request with unread count 1;
   * `viewing` (people with the chat open) stay at 0. Undefined when the sender may not post.
   */
  async insertMessage(
    chatId: string,
    senderId: string,
    msg: { type: MessageType; content: string; data?: Record<string, unknown>; ref?: string },
    viewing: string[],
  ): Promise<SentRow | undefined> {
    // A named statement: parsed and planned once per pooled connection, not on every message.
    const [result] = await preparedQuery<SentRow & QueryResultRow>(
      this.db,
      'chats_insert_message',
      `WITH allowed AS (
         SELECT 1 FROM chat_participants p
          WHERE p.chat_id = $1 AND p.user_id = $2 AND p.left_at IS NULL AND NOT p.is_request AND NOT p.is_blocked
            AND EXISTS (SELECT 1 FROM chat_participants o WHERE o.chat_id = $1 AND o.user_id <> $2 AND o.left_at IS NULL)
       ), msg AS (
         INSERT INTO chat_messages (chat_id, user_id, type, content, data, hidden_for, ref)
         SELECT $1, $2, $3, $4, $5, ARRAY(SELECT user_id FROM chat_participants WHERE chat_id = $1 AND user_id <> $2 AND left_at IS NULL AND is_blocked), $7
           FROM allowed
         ON CONFLICT (chat_id, ref) WHERE ref IS NOT NULL DO NOTHING
         RETURNING *
       ), chat AS (
         UPDATE chats c SET last_message_id = msg.id, last_message_at = msg.created_at, updated_at = now()
           FROM msg WHERE c.id = msg.chat_id AND (c.last_message_at IS NULL OR c.last_message_at <= msg.created_at)
         RETURNING c.id
       ), receivers AS (
         UPDATE chat_participants p SET
           last_message_id = CASE WHEN p.last_message_at <= msg.created_at THEN msg.id ELSE p.last_message_id END,
           last_message_at = GREATEST(p.last_message_at, msg.created_at),
           unread_count = CASE
             WHEN p.user_id = $2 OR p.user_id = ANY ($6::uuid[]) THEN 0
             WHEN p.is_muted THEN p.unread_count
             WHEN p.is_request THEN 1
             ELSE p.unread_count + 1 END,
           last_read_at = CASE WHEN p.user_id = $2 OR p.user_id = ANY ($6::uuid[]) THEN msg.created_at ELSE p.last_read_at END
           FROM msg
          WHERE p.chat_id = msg.chat_id AND p.left_at IS NULL AND NOT p.is_blocked
         RETURNING p.user_id
       )
       SELECT to_jsonb(msg.*) AS row,
              (SELECT array_agg(user_id) FROM receivers) AS receivers,
              (SELECT count(*) FROM chat) AS touched,
              (SELECT jsonb_agg(jsonb_build_object('chat_id', c.id, 'type', c.type, 'name', c.name, 'accepted', c.accepted,
                        'created_by_user_id', c.created_by_user_id, 'created_at', c.created_at, 'user_id', pp.user_id,
                        'is_muted', pp.is_muted, 'is_blocked', pp.is_blocked, 'is_request', pp.is_request,
                        'left_at', pp.left_at) ORDER BY pp.joined_at, pp.user_id)
                 FROM chats c JOIN chat_participants pp ON pp.chat_id = c.id WHERE c.id = $1) AS people
         FROM msg`,
      [chatId, senderId, msg.type, msg.content, JSON.stringify(msg.data ?? {}), viewing, msg.ref ?? null],
    );
    return result;
  }

  /** The message already posted under another area's reference, if any. */
  async messageByRef(chatId: string, ref: string): Promise<MessageRow | undefined> {
    const [row] = (await this.db.query(
      `SELECT id, chat_id, user_id, type, content, data, created_at FROM chat_messages WHERE chat_id = $1 AND ref = $2`,
      [chatId, ref],
    )) as MessageRow[];
    return row;
  }

  /** Zeroes the counter; the read time, or null when the user is not an active participant. */
  async markRead(chatId: string, userId: string): Promise<Date | null> {
    const rows = returningRows<{ last_read_at: Date }>(
      await this.db.query(
        `UPDATE chat_participants SET unread_count = 0, last_read_at = now() WHERE chat_id = $1 AND user_id = $2 AND left_at IS NULL RETURNING last_read_at`,
        [chatId, userId],
      ),
    );
    return rows[0]?.last_read_at ?? null;
  }

  /** Flips mute or block on the user's own row; blocking also clears the counter. Null when not a participant. */
  async toggleSetting(
    chatId: string,
    userId: string,
    setting: 'mute' | 'block',
  ): Promise<{ is_muted: boolean; is_blocked: boolean } | null> {
    const set =
      setting === 'mute'
        ? `is_muted = NOT is_muted`
        : `is_blocked = NOT is_blocked, unread_count = CASE WHEN is_blocked THEN unread_count ELSE 0 END`;
    const rows = returningRows<{ is_muted: boolean; is_blocked: boolean }>(
      await this.db.query(
        `UPDATE chat_participants SET ${set} WHERE chat_id = $1 AND user_id = $2 AND left_at IS NULL RETURNING is_muted, is_blocked`,
        [chatId, userId],
      ),
    );
    return rows[0] ?? null;
  }

  async deleteChat(chatId: string): Promise<void> {
    await this.db.query(`DELETE FROM chats WHERE id = $1`, [chatId]);
  }

  /** The user leaves; the others keep the history plus a system note, which becomes the last message. */
  leave(chatId: string, userId: string, note: string): Promise<MessageRow> {
    return this.db.transaction(async (m) => {
      await m.query(
        `UPDATE chat_participants SET left_at = now(), unread_count = 0, is_request = false WHERE chat_id = $1 AND user_id = $2`,
        [chatId, userId],
      );
      await m.query(`UPDATE chats SET direct_key = NULL, updated_at = now() WHERE id = $1`, [chatId]);
      const [row] = (await m.query(
        `INSERT INTO chat_messages (chat_id, user_id, type, content) VALUES ($1, NULL, 'system', $2) RETURNING *`,
        [chatId, note],
      )) as MessageRow[];
      await this.setChatLastMessage(m, chatId, row);
      await m.query(
        `UPDATE chat_participants SET last_message_id = $2, last_message_at = GREATEST(last_message_at, $3)
          WHERE chat_id = $1 AND left_at IS NULL AND NOT is_blocked`,
        [chatId, row.id, row.created_at],
      );
      return row;
    });
  }

  /** Accepts the request for this user; in a direct chat the one answer settles it for both. */
  async accept(chatId: string, userId: string, forEveryone: boolean): Promise<void> {
    await this.db.transaction(async (m) => {
      await m.query(`UPDATE chats SET accepted = true, updated_at = now() WHERE id = $1`, [chatId]);
      await m.query(`UPDATE chat_participants SET is_request = false WHERE chat_id = $1 AND user_id = $2`, [
        chatId,
        userId,
      ]);
      if (forEveryone) await m.query(`UPDATE chat_participants SET is_request = false WHERE chat_id = $1`, [chatId]);
    });
  }

  private async setChatLastMessage(m: EntityManager, chatId: string, row: MessageRow): Promise<void> {
    await m.query(
      `UPDATE chats SET last_message_id = $2, last_message_at = $3, updated_at = now()
        WHERE id = $1 AND (last_message_at IS NULL OR last_message_at <= $3)`,
      [chatId, row.id, row.created_at],
    );
  }
}
