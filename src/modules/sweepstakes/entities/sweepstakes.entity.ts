import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type {
  DisqualifyReason,
  DrawStep,
  EntrySource,
  SweepstakesRules,
  SweepstakesState,
  WinnerStatus,
} from '../../../contracts/sweepstakes';

/** bigint columns arrive as strings from pg; prize totals stay far below 2^53 minor units. */
const bigintAsNumber = { to: (v: number) => v, from: (v: string | null) => (v === null ? 0 : Number(v)) };

@Entity('sweepstakes')
export class Sweepstakes {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column() title!: string;
  @Column({ type: 'text', default: '' }) summary!: string;
  @Column({ type: 'varchar', default: 'draft' }) state!: SweepstakesState;
  /** The official rules as last saved before opening; never changed once `lockedAt` is set (amendments instead). */
  @Column({ type: 'jsonb' }) rules!: SweepstakesRules;
  @Column({ type: 'timestamptz' }) opensAt!: Date;
  /** The effective end: the rules' end, or a later one set by an amendment. */
  @Column({ type: 'timestamptz' }) closesAt!: Date;
  @Column({ type: 'bigint', transformer: bigintAsNumber }) totalPrizeMinor!: number;
  @Column({ type: 'char', length: 3 }) currency!: string;
  @Column({ default: false }) registrationRequired!: boolean;
  @Column({ type: 'date', nullable: true }) registeredOn!: string | null;
  @Column({ type: 'varchar', nullable: true }) registrationReference!: string | null;
  @Column({ type: 'timestamptz', nullable: true }) lockedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) openedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) closedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) voidedAt!: Date | null;
  @Column({ type: 'integer', default: 0 }) entryCount!: number;
  @Column({ type: 'integer', default: 0 }) entrantCount!: number;
  @Column({ type: 'char', length: 64, nullable: true }) entrantsHash!: string | null;
  @Column({ type: 'char', length: 64, nullable: true }) seedCommitment!: string | null;
  /** Secret until the draw has run; the mapper publishes it only in state `drawn`. */
  @Column({ type: 'char', length: 64, nullable: true, select: false }) serverSeed!: string | null;
  @Column({ type: 'varchar', nullable: true }) beacon!: string | null;
  @Column({ type: 'integer', default: 0 }) picksRequested!: number;
  @Column({ type: 'timestamptz', nullable: true }) frozenAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) drawStartedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) drawnAt!: Date | null;
  @Column({ type: 'jsonb', default: () => `'[]'` }) drawSteps!: DrawStep[];
  @Column({ type: 'uuid', nullable: true }) createdBy!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}

@Entity('sweepstakes_amendments')
export class SweepstakesAmendmentRow {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') sweepstakesId!: string;
  @Column({ type: 'text' }) summary!: string;
  @Column({ type: 'jsonb', default: () => `'{}'` }) changes!: Record<string, string>;
  @Column({ type: 'timestamptz' }) effectiveAt!: Date;
  @Column({ type: 'uuid', nullable: true }) createdBy!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}

@Entity('sweepstakes_entries')
export class SweepstakesEntry {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') sweepstakesId!: string;
  @Column('uuid') userId!: string;
  @Column({ type: 'varchar' }) source!: EntrySource;
  @Column({ type: 'varchar', nullable: true }) sourceRef!: string | null;
  @Column({ type: 'varchar', nullable: true }) periodKey!: string | null;
  @Column({ type: 'integer', default: 1 }) entries!: number;
  @Column({ type: 'varchar', nullable: true }) region!: string | null;
  @Column({ type: 'varchar', nullable: true }) ip!: string | null;
  @Column({ type: 'varchar', nullable: true }) device!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}

/** One person in the entrant list frozen at close (with what the fraud checks look at). */
@Entity('sweepstakes_entrants')
export class SweepstakesEntrant {
  @PrimaryColumn('uuid') sweepstakesId!: string;
  @PrimaryColumn({ type: 'varchar' }) ref!: string;
  @Column('uuid') userId!: string;
  @Column({ type: 'integer' }) entries!: number;
  @Column({ type: 'varchar' }) emailKey!: string;
  @Column({ type: 'timestamptz' }) accountCreatedAt!: Date;
  @Column({ type: 'varchar', nullable: true }) firstIp!: string | null;
  @Column({ type: 'varchar', nullable: true }) firstDevice!: string | null;
  @Column({ type: 'timestamptz' }) firstEntryAt!: Date;
}

/** One pick of the draw: winners (rank <= prizes) then ordered alternates. */
@Entity('sweepstakes_winners')
export class SweepstakesWinner {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') sweepstakesId!: string;
  @Column('uuid') userId!: string;
  @Column({ type: 'varchar' }) entrantRef!: string;
  @Column({ type: 'integer' }) entries!: number;
  @Column({ type: 'integer' }) rank!: number;
  @Column({ type: 'integer', nullable: true }) prizeIndex!: number | null;
  @Column({ type: 'varchar' }) status!: WinnerStatus;
  @Column({ type: 'varchar', nullable: true }) disqualifyReason!: DisqualifyReason | null;
  @Column({ type: 'timestamptz', nullable: true }) notifiedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) claimDeadline!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) claimedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) fulfilledAt!: Date | null;
  @Column({ type: 'varchar', nullable: true }) tracking!: string | null;
  @Column({ type: 'jsonb', nullable: true }) shipping!: Record<string, string> | null;
  @Column({ type: 'timestamptz', nullable: true }) affidavitAt!: Date | null;
  @Column({ type: 'varchar', nullable: true }) taxFormKey!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}

@Entity('sweepstakes_audit')
export class SweepstakesAudit {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') sweepstakesId!: string;
  @Column({ type: 'uuid', nullable: true }) actorId!: string | null;
  @Column({ type: 'varchar' }) action!: string;
  @Column({ type: 'jsonb', default: () => `'{}'` }) detail!: Record<string, unknown>;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}

export const SWEEPSTAKES_ENTITIES = [
  Sweepstakes,
  SweepstakesAmendmentRow,
  SweepstakesEntry,
  SweepstakesEntrant,
  SweepstakesWinner,
  SweepstakesAudit,
];
