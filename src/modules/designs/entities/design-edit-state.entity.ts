import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const DESIGN_SIDES = ['front', 'back'] as const;
export type DesignSide = (typeof DESIGN_SIDES)[number];

export interface EditHistoryEntry {
  at: string;
  action: string;
  detail?: string;
}

/** Spec 3 "Design edit state, per side": editHistory, selectedBrands, currentDesignHtml. */
@Entity('design_edit_states')
@Index('design_edit_states_design_side_unique', ['designId', 'side'], { unique: true })
export class DesignEditState {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') designId!: string;
  @Column({ type: 'varchar' }) side!: DesignSide;
  @Column({ type: 'jsonb', default: [] }) editHistory!: EditHistoryEntry[];
  @Column({ type: 'jsonb', default: [] }) selectedBrands!: string[];
  @Column({ type: 'text', default: '' }) currentDesignHtml!: string;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}

/** One sitting in the edit view on one side ("plus edit sessions per side"). */
@Entity('design_edit_sessions')
@Index('design_edit_sessions_design_side_idx', ['designId', 'side', 'startedAt'])
export class DesignEditSession {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') designId!: string;
  @Column('uuid') userId!: string;
  @Column({ type: 'varchar' }) side!: DesignSide;
  @Column({ type: 'integer', default: 0 }) edits!: number;
  @CreateDateColumn({ type: 'timestamptz' }) startedAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) endedAt!: Date | null;
}
