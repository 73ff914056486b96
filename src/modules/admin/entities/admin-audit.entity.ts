import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One admin action: who, what, on which subject, the state before and after, from where and when. Append-only. */
@Entity('admin_audit')
export class AdminAuditEntry {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id!: string;
  @Column({ type: 'uuid', nullable: true }) actorId!: string | null;
  @Column({ type: 'varchar' }) actorLabel!: string;
  @Column({ type: 'varchar' }) action!: string;
  @Column({ type: 'varchar' }) subjectType!: string;
  @Column({ type: 'varchar', nullable: true }) subjectId!: string | null;
  @Column({ type: 'varchar', nullable: true }) subjectLabel!: string | null;
  @Column({ type: 'jsonb', nullable: true }) before!: Record<string, unknown> | null;
  @Column({ type: 'jsonb', nullable: true }) after!: Record<string, unknown> | null;
  @Column({ type: 'varchar', nullable: true }) ip!: string | null;
  @Column({ type: 'timestamptz' }) at!: Date;
}
