import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type {
  ArenaCategory,
  BattleState,
  EntryKind,
  FlagKind,
  TicketState,
  VoteOutcome,
} from '../../../contracts/arena';

@Entity('arena_seasons')
export class ArenaSeason {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column() name!: string;
  @Column({ type: 'varchar', default: 'active' }) state!: 'active' | 'closed';
  @Column({ type: 'timestamptz' }) startsAt!: Date;
  @Column({ type: 'timestamptz' }) endsAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) closedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) fittedAt!: Date | null;
  @Column({ type: 'integer', default: 0 }) fitVotes!: number;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
}

@Entity('arena_entries')
export class ArenaEntry {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') seasonId!: string;
  @Column({ type: 'varchar' }) category!: ArenaCategory;
  @Column({ type: 'varchar' }) kind!: EntryKind;
  @Column('uuid') sourceId!: string;
  @Column('uuid') creatorId!: string;
  @Column({ type: 'uuid', nullable: true }) teamId!: string | null;
  @Column() title!: string;
  @Column({ type: 'varchar', nullable: true }) image!: string | null;
  @Column({ type: 'varchar', nullable: true }) link!: string | null;
  @Column('double precision') startRating!: number;
  @Column('double precision') startRd!: number;
  @Column('double precision') rating!: number;
  @Column('double precision') rd!: number;
  @Column('integer') battles!: number;
  @Column({ type: 'timestamptz', nullable: true }) lastBattleAt!: Date | null;
  @Column({ type: 'double precision', nullable: true }) btRating!: number | null;
  @Column({ type: 'double precision', nullable: true }) btLower!: number | null;
  @Column({ type: 'double precision', nullable: true }) btUpper!: number | null;
  @Column({ type: 'integer', nullable: true }) rankBest!: number | null;
  @Column({ type: 'integer', nullable: true }) rankWorst!: number | null;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
}

@Entity('arena_creator_ratings')
export class ArenaCreatorRating {
  @PrimaryColumn('uuid') seasonId!: string;
  @PrimaryColumn('uuid') creatorId!: string;
  @Column('double precision') rating!: number;
  @Column('double precision') rd!: number;
  @Column('integer') battles!: number;
  @Column({ type: 'timestamptz', nullable: true }) lastBattleAt!: Date | null;
}

@Entity('arena_battles')
export class ArenaBattle {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') seasonId!: string;
  @Column({ type: 'varchar' }) category!: ArenaCategory;
  @Column('uuid') entryA!: string;
  @Column('uuid') entryB!: string;
  /** Decides each voter's sides (with the voter's id); published once the battle is over. */
  @Column() seed!: string;
  @Column({ type: 'varchar' }) mode!: 'open' | 'live' | 'war';
  @Column({ type: 'varchar' }) state!: BattleState;
  @Column({ type: 'uuid', nullable: true }) warAttackId!: string | null;
  @Column('integer') votesA!: number;
  @Column('integer') votesB!: number;
  @Column('integer') votesTie!: number;
  @Column('integer') votesBothBad!: number;
  @Column({ type: 'timestamptz' }) openedAt!: Date;
  @Column({ type: 'timestamptz' }) closesAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) closedAt!: Date | null;
}

@Entity('arena_votes')
export class ArenaVote {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' }) id!: string;
  @Column('uuid') battleId!: string;
  @Column('uuid') seasonId!: string;
  @Column('uuid') voterId!: string;
  @Column('uuid') entryA!: string;
  @Column('uuid') entryB!: string;
  @Column('uuid') pairLow!: string;
  @Column('uuid') pairHigh!: string;
  @Column({ type: 'varchar' }) outcome!: VoteOutcome;
  @Column({ type: 'varchar', nullable: true }) ip!: string | null;
  @Column({ type: 'varchar', nullable: true }) device!: string | null;
  @Column({ type: 'boolean', default: false }) excluded!: boolean;
  @Column({ type: 'timestamptz' }) castAt!: Date;
}

@Entity('arena_tickets')
export class ArenaTicket {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') entryId!: string;
  @Column('uuid') creatorId!: string;
  @Column({ type: 'uuid', nullable: true }) teamId!: string | null;
  @Column('uuid') seasonId!: string;
  @Column({ type: 'varchar' }) category!: ArenaCategory;
  @Column('double precision') rating!: number;
  @Column({ type: 'varchar' }) state!: TicketState;
  @Column({ type: 'uuid', nullable: true }) battleId!: string | null;
  @Column({ type: 'timestamptz' }) queuedAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) matchedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) endedAt!: Date | null;
}

@Entity('arena_flags')
export class ArenaFlag {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') seasonId!: string;
  @Column({ type: 'varchar' }) kind!: FlagKind;
  @Column() key!: string;
  @Column({ type: 'uuid', nullable: true }) battleId!: string | null;
  /** The creator the cluster voted for, and the start of the window it voted in. */
  @Column({ type: 'uuid', nullable: true }) creatorId!: string | null;
  @Column({ type: 'timestamptz', nullable: true }) windowStart!: Date | null;
  @Column({ type: 'bigint', array: true }) voteIds!: string[];
  @Column('integer') voters!: number;
  @Column({ type: 'varchar' }) state!: 'open' | 'excluded' | 'dismissed';
  @Column({ type: 'uuid', nullable: true }) reviewedBy!: string | null;
  @Column({ type: 'timestamptz', nullable: true }) reviewedAt!: Date | null;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
}

export const ARENA_ENTITIES = [
  ArenaSeason,
  ArenaEntry,
  ArenaCreatorRating,
  ArenaBattle,
  ArenaVote,
  ArenaTicket,
  ArenaFlag,
];
