import type { DesignJobKind, DesignOptions, ImageOrientation, StepStatus } from '../../../contracts/designs';
import { Column, CreateDateColumn, Entity, Index, OneToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { GeneratedDesign } from './generated-design.entity';

export const DESIGN_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type DesignStatus = (typeof DESIGN_STATUSES)[number];
/** The designer's options and the job's kinds are wire shapes too: one definition in the contract. */
export type { DesignJobKind, DesignOptions, ImageOrientation, StepStatus };

/** Spec 4: each step has a message and whether it is completed; status carries the three states. */
export interface ProgressStep {
  key: string;
  message: string;
  status: StepStatus;
  completed: boolean;
}

/** One uploaded room photo and the designs generated from it (spec 3 "Design"). */
@Entity('designs')
@Index('designs_user_created_idx', ['userId', 'createdAt'])
export class Design {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') userId!: string;
  /** Storage keys (served at /media/<key>). */
  @Column({ type: 'varchar' }) originalImage!: string;
  @Column({ type: 'varchar', nullable: true }) image!: string | null;
  @Column({ type: 'varchar', nullable: true }) highResImage!: string | null;
  @Column({ type: 'jsonb', default: {} }) options!: DesignOptions;
  @Column({ type: 'text', nullable: true }) prompt!: string | null;
  @Column({ type: 'varchar', default: 'pending' }) status!: DesignStatus;
  @Column({ type: 'varchar', default: 'generate' }) jobKind!: DesignJobKind;
  /** Bumped by every new job on this design, so a stale retry of an old job does nothing. */
  @Column({ type: 'integer', default: 1 }) jobRun!: number;
  @Column({ type: 'uuid', nullable: true }) activeGeneratedDesignId!: string | null;
  @Column({ type: 'smallint', default: 0 }) progress!: number;
  @Column({ type: 'varchar', nullable: true }) currentStep!: string | null;
  @Column({ type: 'jsonb', default: [] }) progressSteps!: ProgressStep[];
  @Column({ type: 'varchar', nullable: true }) failureReason!: string | null;
  /** Credits spent by the running job, refunded once if it fails for good (0 once refunded or settled). */
  @Column({ type: 'integer', default: 0 }) creditsCharged!: number;
  @Column({ type: 'integer', nullable: true }) imageWidth!: number | null;
  @Column({ type: 'integer', nullable: true }) imageHeight!: number | null;
  @Column({ type: 'varchar', nullable: true }) imageOrientation!: ImageOrientation | null;
  @Column({ type: 'boolean', default: false }) favorite!: boolean;
  @Column({ type: 'varchar', nullable: true }) shareToken!: string | null;
  /** When the design was last shared by link (kept after unsharing: the share happened). */
  @Column({ type: 'timestamptz', nullable: true }) sharedAt!: Date | null;
  @Column({ type: 'varchar' }) provider!: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) completedAt!: Date | null;

  @OneToMany('GeneratedDesign', 'design') generatedDesigns?: GeneratedDesign[];
}
