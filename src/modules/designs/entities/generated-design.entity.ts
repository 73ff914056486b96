import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Design, DesignJobKind, DesignOptions, DesignStatus } from './design.entity';

/** One image produced for a design: the first generation or a regeneration of an earlier one. */
@Entity('generated_designs')
@Index('generated_designs_design_created_idx', ['designId', 'createdAt'])
export class GeneratedDesign {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') designId!: string;
  @Column('uuid') userId!: string;
  @Column({ type: 'uuid', nullable: true }) sourceGeneratedDesignId!: string | null;
  @Column({ type: 'varchar' }) kind!: DesignJobKind;
  @Column({ type: 'varchar', default: 'pending' }) status!: DesignStatus;
  @Column({ type: 'varchar', nullable: true }) image!: string | null;
  @Column({ type: 'varchar', nullable: true }) highResImage!: string | null;
  @Column({ type: 'jsonb', default: {} }) options!: DesignOptions;
  @Column({ type: 'text', nullable: true }) prompt!: string | null;
  @Column({ type: 'varchar' }) provider!: string;
  @Column({ type: 'varchar', nullable: true }) model!: string | null;
  @Column({ type: 'varchar', nullable: true }) failureReason!: string | null;
  @Column({ type: 'integer', nullable: true }) width!: number | null;
  @Column({ type: 'integer', nullable: true }) height!: number | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) completedAt!: Date | null;

  @ManyToOne('Design', 'generatedDesigns', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'design_id' })
  design?: Design;
}
