import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One turn of a conversation about a design (design chat). */
@Entity('design_chat_messages')
@Index('design_chat_messages_design_created_idx', ['designId', 'createdAt'])
export class DesignChatMessage {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') designId!: string;
  @Column('uuid') userId!: string;
  @Column({ type: 'varchar' }) role!: 'user' | 'assistant';
  @Column('text') content!: string;
  @Column({ type: 'varchar', nullable: true }) provider!: string | null;
  @Column({ type: 'varchar', nullable: true }) model!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  /** Hidden by a moderator: kept for the record, left out of the chat and of the assistant's context. */
  @Column({ type: 'timestamptz', nullable: true }) hiddenAt!: Date | null;
  @Column({ type: 'uuid', nullable: true }) hiddenBy!: string | null;
}
