import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A listing: one per property (created with it). spot / spotVideo / walkthrough are owned by
 * the video module; until it lands they are plain nullable ids and serialize as null.
 */
@Entity('listings')
export class Listing {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') propertyId!: string;
  @Column('uuid') userId!: string;
  @Column({ type: 'uuid', nullable: true }) spotId!: string | null;
  @Column({ type: 'uuid', nullable: true }) spotVideoId!: string | null;
  @Column({ type: 'uuid', nullable: true }) walkthroughId!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
