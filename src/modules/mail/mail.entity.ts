import type { MailAttachment } from './mail.service';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A mail kept by the development mailbox (used when no SMTP server is configured). */
@Entity('mails')
export class Mail {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column() to!: string;
  @Column() subject!: string;
  @Column('text') html!: string;
  @Column('text') text!: string;
  @Column('jsonb', { default: {} }) headers!: Record<string, string>;
  @Column('jsonb', { default: [] }) attachments!: MailAttachment[];
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
