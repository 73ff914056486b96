import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { SurveyAnswers } from '../../contracts/open-houses';

export type { SurveyAnswers };

@Entity('open_houses')
export class OpenHouse {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') listingId!: string;
  @Column({ type: 'timestamptz' }) startsAt!: Date;
  @Column({ type: 'timestamptz' }) endsAt!: Date;
  @Column('int') capacity!: number;
  @Column({ type: 'text', nullable: true }) notes!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}

@Entity('open_house_rsvps')
export class OpenHouseRsvp {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') openHouseId!: string;
  @Column({ type: 'uuid', nullable: true }) userId!: string | null;
  @Column() name!: string;
  @Column() email!: string;
  @Column() token!: string;
  @Column({ type: 'timestamptz', nullable: true }) cancelledAt!: Date | null;
  @Column({ type: 'jsonb', nullable: true }) survey!: SurveyAnswers | null;
  @Column({ type: 'timestamptz', nullable: true }) surveyedAt!: Date | null;
  /** Set when the email link was followed (or at once for a verified account with the same email). */
  @Column({ type: 'timestamptz', nullable: true }) confirmedAt!: Date | null;
  @Column({ type: 'text', nullable: true, select: false }) confirmTokenHash!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
