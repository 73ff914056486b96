import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A listing's full video tour: an ordered set of videos, owned by a realtor. */
@Entity('walkthroughs')
export class Walkthrough {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar' }) slug!: string;
  @Column({ type: 'uuid' }) userId!: string;
  @Column({ type: 'uuid', nullable: true }) listingId!: string | null;
  @Column({ type: 'varchar', default: '' }) title!: string;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ type: 'boolean', default: false }) published!: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
