import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { ArenaCategory, ChallengeState, WarSquadSide, WarState } from '../../../contracts/arena';
import type { WarScore } from '../core';

@Entity('arena_squads')
export class ArenaSquad {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column() name!: string;
  @Column({ type: 'uuid', nullable: true }) teamId!: string | null;
  @Column('uuid') captainId!: string;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
  /** Set when the last member left (the squad's wars stay in the other squads' history). */
  @Column({ type: 'timestamptz', nullable: true }) dissolvedAt!: Date | null;
}

@Entity('arena_squad_members')
export class ArenaSquadMember {
  @PrimaryColumn('uuid') squadId!: string;
  @PrimaryColumn('uuid') userId!: string;
  @Column({ type: 'timestamptz' }) joinedAt!: Date;
}

@Entity('arena_wars')
export class ArenaWar {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') seasonId!: string;
  @Column({ type: 'varchar' }) category!: ArenaCategory;
  @Column('uuid') homeSquadId!: string;
  @Column('uuid') awaySquadId!: string;
  @Column({ type: 'varchar', default: 'preparation' }) state!: WarState;
  @Column('integer') attacksPerMember!: number;
  @Column({ type: 'timestamptz' }) prepEndsAt!: Date;
  @Column({ type: 'timestamptz' }) battleEndsAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) closedAt!: Date | null;
  /** The final score, written once at close from the vote log (immutable afterwards). */
  @Column({ type: 'jsonb', nullable: true }) result!: WarScore | null;
  @Column('uuid') createdBy!: string;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
}

@Entity('arena_war_lineup')
export class ArenaWarLineup {
  @PrimaryColumn('uuid') warId!: string;
  @PrimaryColumn('uuid') userId!: string;
  @Column({ type: 'varchar' }) squad!: WarSquadSide;
  @Column('uuid') entryId!: string;
}

@Entity('arena_war_attacks')
export class ArenaWarAttack {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') warId!: string;
  @Column({ type: 'varchar' }) squad!: WarSquadSide;
  @Column('uuid') attackerId!: string;
  @Column('uuid') attackerEntryId!: string;
  @Column('uuid') targetEntryId!: string;
  @Column('uuid') battleId!: string;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
}

/** A captain's challenge to another squad: the war starts only when the other captain accepts. */
@Entity('arena_war_challenges')
export class ArenaWarChallenge {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') challengerSquadId!: string;
  @Column('uuid') opponentSquadId!: string;
  @Column({ type: 'varchar' }) category!: ArenaCategory;
  @Column('integer') prepMinutes!: number;
  @Column('integer') battleMinutes!: number;
  @Column({ type: 'varchar', default: 'pending' }) state!: ChallengeState;
  @Column('uuid') createdBy!: string;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
  @Column({ type: 'timestamptz' }) expiresAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) decidedAt!: Date | null;
  @Column({ type: 'uuid', nullable: true }) warId!: string | null;
}

export const ARENA_WAR_ENTITIES = [
  ArenaSquad,
  ArenaSquadMember,
  ArenaWar,
  ArenaWarLineup,
  ArenaWarAttack,
  ArenaWarChallenge,
];
