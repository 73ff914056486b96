import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type UsageKind = 'llm' | 'image';

const numeric = { to: (value: number) => value, from: (value: string | null) => (value === null ? 0 : Number(value)) };

/** One call to a text or image model: who, which provider and model, how much, what it cost. */
@Entity('usage_records')
@Index('usage_records_user_created_idx', ['userId', 'createdAt'])
export class UsageRecord {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid', nullable: true }) userId!: string | null;
  @Column({ type: 'varchar' }) kind!: UsageKind;
  @Column() provider!: string;
  @Column() model!: string;
  @Column() operation!: string;
  @Column({ type: 'numeric', precision: 14, scale: 4, default: 0, transformer: numeric }) units!: number;
  @Column() unit!: string;
  @Column({ type: 'integer', nullable: true }) inputTokens!: number | null;
  @Column({ type: 'integer', nullable: true }) outputTokens!: number | null;
  @Column({ type: 'numeric', precision: 12, scale: 6, default: 0, transformer: numeric }) costUsd!: number;
  @Column({ type: 'integer', nullable: true }) durationMs!: number | null;
  @Column({ type: 'uuid', nullable: true }) subjectId!: string | null;
  @Column({ type: 'boolean', default: true }) succeeded!: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
