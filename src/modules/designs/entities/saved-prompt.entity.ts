import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { DesignOptions } from './design.entity';

/** Spec 3 "Saved prompt": name, prompt, options. */
@Entity('saved_prompts')
@Index('saved_prompts_user_created_idx', ['userId', 'createdAt'])
export class SavedPrompt {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') userId!: string;
  @Column() name!: string;
  @Column('text') prompt!: string;
  @Column({ type: 'jsonb', default: {} }) options!: DesignOptions;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
