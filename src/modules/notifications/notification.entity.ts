import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const NOTIFICATION_KINDS = [
  'new_follower',
  'chat_request',
  'chat_message',
  'design_ready',
  'design_failed',
  'video_ready',
  'video_failed',
  'open_house_rsvp',
  'saved_search_match',
  'system',
  'journal_post',
  'community',
  'product_news',
  'tour',
  'collection',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One notification for one user. Indexes (in the migration): (user_id, created_at desc), unread partial on (user_id). */
@Entity('notifications')
@Index('notifications_user_created_idx', ['userId', 'createdAt'])
export class Notification {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') userId!: string;
  @Column({ type: 'varchar' }) kind!: NotificationKind;
  @Column({ type: 'varchar' }) title!: string;
  @Column({ type: 'text', nullable: true }) body!: string | null;
  @Column({ type: 'varchar', nullable: true }) url!: string | null;
  @Column({ type: 'jsonb', default: () => `'{}'` }) data!: Record<string, unknown>;
  @Column({ type: 'timestamptz', nullable: true }) readAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
