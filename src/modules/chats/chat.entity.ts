import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const CHAT_TYPES = ['direct', 'group'] as const;
export type ChatType = (typeof CHAT_TYPES)[number];
export const MESSAGE_TYPES = ['text', 'image', 'listing', 'system', 'sticker'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

@Entity('chats')
export class Chat {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar', default: 'direct' }) type!: ChatType;
  @Column({ type: 'varchar', nullable: true }) name!: string | null;
  @Column({ default: false }) accepted!: boolean;
  @Column({ type: 'uuid', nullable: true }) createdByUserId!: string | null;
  /** "userA:userB" (sorted) for an open direct chat; null once someone left. */
  @Column({ type: 'varchar', nullable: true }) directKey!: string | null;
  @Column({ type: 'uuid', nullable: true }) lastMessageId!: string | null;
  @Column({ type: 'timestamptz', nullable: true }) lastMessageAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}

/** One user in one chat: their settings (chat_settings), unread counter and list position. */
@Entity('chat_participants')
export class ChatParticipant {
  @PrimaryColumn('uuid') chatId!: string;
  @PrimaryColumn('uuid') userId!: string;
  @Column({ default: false }) isMuted!: boolean;
  @Column({ default: false }) isBlocked!: boolean;
  /** An unaccepted chat someone else started: shown under Requested. */
  @Column({ default: false }) isRequest!: boolean;
  @Column({ type: 'integer', default: 0 }) unreadCount!: number;
  /** The last message this user received (a blocker's list does not move for a blocked sender). */
  @Column({ type: 'uuid', nullable: true }) lastMessageId!: string | null;
  /** List ordering: the last message this user received, or when they joined. */
  @Column({ type: 'timestamptz' }) lastMessageAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) lastReadAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) leftAt!: Date | null;
  @Column({ type: 'timestamptz' }) joinedAt!: Date;
}

@Entity('chat_messages')
export class ChatMessage {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') chatId!: string;
  @Column({ type: 'uuid', nullable: true }) userId!: string | null;
  @Column({ type: 'varchar', default: 'text' }) type!: MessageType;
  @Column({ type: 'text', default: '' }) content!: string;
  @Column({ type: 'jsonb', default: () => `'{}'` }) data!: Record<string, unknown>;
  /** Users who had blocked the chat when it was sent: it is never delivered to them. */
  @Column({ type: 'uuid', array: true, default: () => `'{}'` }) hiddenFor!: string[];
  /** Another area's reference (e.g. `tour:<id>`), unique per chat: that message is posted once. */
  @Column({ type: 'varchar', length: 120, nullable: true }) ref!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
