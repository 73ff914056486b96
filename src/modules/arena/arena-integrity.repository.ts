import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { FlagState } from '../../contracts/arena';
import { ArenaRepository } from './arena.repository';
import type { VoteCluster } from './core';
import { ArenaFlag } from './entities/arena.entity';

/** A vote as the cluster scan reads it: who, from where, and which creator it favoured. */
export interface ScanVoteRow {
  id: string;
  voter_id: string;
  ip: string | null;
  device: string | null;
  cast_at: Date;
  favoured: string | null;
}

/**
 * SQL for the integrity flags. It extends the arena repository so one transaction can exclude a cluster's votes,
 * replay the season's ratings and record the decision.
 */
@Injectable()
export class ArenaIntegrityRepository extends ArenaRepository {
  constructor(@InjectDataSource() db: DataSource) {
    super(db);
  }

  /** This repository's manager (the transaction's in a bound copy), for the admin audit row written with it. */
  get manager(): EntityManager {
    return this.m;
  }

  /** The season's counted votes cast in [from, to), with the creator each one chose (null for ties). */
  scanVotes(seasonId: string, from: Date, to: Date): Promise<ScanVoteRow[]> {
    return this.m.query(
      `SELECT v.id, v.voter_id, v.ip, v.device, v.cast_at,
              CASE v.outcome WHEN 'a' THEN ea.creator_id WHEN 'b' THEN eb.creator_id END AS favoured
         FROM arena_votes v JOIN arena_entries ea ON ea.id = v.entry_a JOIN arena_entries eb ON eb.id = v.entry_b
        WHERE v.season_id = $1 AND v.cast_at >= $2 AND v.cast_at < $3 AND NOT v.excluded
        ORDER BY v.id`,
      [seasonId, from, to],
    );
  }

  /** Inserts a cluster's flag, or refreshes an open one with the same key and window (reviewed ones stay). */
  async upsertFlag(seasonId: string, c: VoteCluster, now: Date): Promise<void> {
    await this.m.query(
      `INSERT INTO arena_flags (season_id, kind, key, creator_id, window_start, vote_ids, voters, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (kind, key, creator_id, window_start) DO UPDATE
         SET vote_ids = EXCLUDED.vote_ids, voters = EXCLUDED.voters WHERE arena_flags.state = 'open'`,
      [seasonId, c.kind, c.key, c.creatorId, new Date(c.windowStart), c.voteIds, c.voters, now],
    );
  }

  flags(state: FlagState, offset: number, limit: number): Promise<[ArenaFlag[], number]> {
    return this.m
      .getRepository(ArenaFlag)
      .findAndCount({ where: { state }, order: { createdAt: 'DESC', id: 'ASC' }, skip: offset, take: limit });
  }

  findFlag(id: string): Promise<ArenaFlag | null> {
    return this.m.getRepository(ArenaFlag).findOneBy({ id });
  }

  /** Moves an open flag to its decision; false when someone reviewed it first. */
  async decideFlag(id: string, state: FlagState, by: string, at: Date): Promise<boolean> {
    const result = await this.m.query(
      `UPDATE arena_flags SET state = $2, reviewed_by = $3, reviewed_at = $4 WHERE id = $1 AND state = 'open'
       RETURNING id`,
      [id, state, by, at],
    );
    return result[1] > 0;
  }

  async excludeVotes(ids: string[]): Promise<void> {
    await this.m.query(`UPDATE arena_votes SET excluded = true WHERE id = ANY($1::bigint[])`, [ids]);
  }
}
