import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, Repository } from 'typeorm';
import { Notification } from './notification.entity';

/** The only place with SQL/TypeORM for the notifications table. Lists and counts read (user_id, ...) indexes. */
@Injectable()
export class NotificationsRepository {
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

  /** One page of a user's notifications, newest first, and the user's total. */
  pageFor(userId: string, offset: number, limit: number): Promise<[Notification[], number]> {
    return this.rows.findAndCount({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: offset,
      take: limit,
    });
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
