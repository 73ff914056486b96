import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, Repository } from 'typeorm';
import { hydrate, preparedQuery, selectList } from '../../database/raw-rows';
import { Notification } from './notification.entity';

/** The only place with SQL/TypeORM for the notifications table. Lists and counts read (user_id, ...) indexes. */
@Injectable()
export class NotificationsRepository {
  private pageSql?: string;

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get rows(): Repository<Notification> {
    return this.db.getRepository(Notification);
  }

  insert(fields: Partial<Notification>): Promise<Notification> {
    return this.rows.save(this.rows.create(fields));
  }

  find(id: string): Promise<Notification | null> {
    return this.rows.findOneBy({ id });
  }

  /**
   * The page, the user's total and unread count in one prepared statement (one round trip): the two counts are
   * uncorrelated subqueries (InitPlans, each on its own index), the page an index walk of (user_id, created_at).
   */
  async pageWithCounts(
    userId: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: Notification[]; total: number; unread: number }> {
    const meta = this.rows.metadata;
    this.pageSql ??= `
      SELECT (SELECT count(*) FROM notifications WHERE user_id = $1)::int AS total,
             (SELECT count(*) FROM notifications WHERE user_id = $1 AND read_at IS NULL)::int AS unread,
             page.*
      FROM (SELECT 1) one
      LEFT JOIN LATERAL (
        SELECT ${selectList(meta, 'n', 'n_')} FROM notifications n
        WHERE n.user_id = $1 ORDER BY n.created_at DESC, n.id DESC LIMIT $2 OFFSET $3
      ) page ON true`;
    const found = await preparedQuery<Record<string, unknown>>(this.db, 'notifications_page', this.pageSql, [
      userId,
      limit,
      offset,
    ]);
    const first = found[0] as { total: number; unread: number };
    return {
      rows: found.filter((row) => row.n_id != null).map((row) => hydrate<Notification>(meta, row, 'n_')),
      total: first.total,
      unread: first.unread,
    };
  }

  /** Uses the partial index on unread rows. */
  unreadCount(userId: string): Promise<number> {
    return this.rows.count({ where: { userId, readAt: IsNull() } });
  }

  /** Marks one of the user's notifications read unless it already is. */
  async markRead(userId: string, id: string, at: Date): Promise<void> {
    await this.rows.update({ id, userId, readAt: IsNull() }, { readAt: at });
  }

  /** Marks every unread notification of the user read; answers how many changed. */
  async markAllRead(userId: string, at: Date): Promise<number> {
    const result = await this.rows.update({ userId, readAt: IsNull() }, { readAt: at });
    return result.affected ?? 0;
  }
}
