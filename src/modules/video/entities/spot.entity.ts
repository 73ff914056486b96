import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A short vertical clip of a walkthrough, shown in the swipe feed for its listing. */
@Entity('spots')
export class Spot {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar' }) slug!: string;
  @Column({ type: 'uuid' }) userId!: string;
  @Column({ type: 'uuid' }) walkthroughId!: string;
  @Column({ type: 'uuid', nullable: true }) listingId!: string | null;
  @Column({ type: 'uuid', nullable: true }) videoId!: string | null;
  @Column({ type: 'varchar', default: '' }) title!: string;
  @Column({ type: 'text', nullable: true }) caption!: string | null;
  @Column({ type: 'boolean', default: false }) published!: boolean;
  @Column({ type: 'timestamptz', nullable: true }) publishedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
