import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull } from 'typeorm';
import { ArenaRepository } from './arena.repository';
import {
  ArenaSquad,
  ArenaSquadMember,
  ArenaWar,
  ArenaWarAttack,
  ArenaWarChallenge,
  ArenaWarLineup,
} from './entities/arena-war.entity';

/** An attack's battle counted from the vote log (excluded votes left out), side a being the attacker's entry. */
export interface AttackTally {
  battle_id: string;
  state: string;
  a: number;
  b: number;
  even: number;
}

/**
 * The only place with SQL for squads and wars. It extends the arena repository so one transaction can open an
 * attack's battle and record the attack together.
 */
@Injectable()
export class ArenaWarsRepository extends ArenaRepository {
  constructor(@InjectDataSource() db: DataSource) {
    super(db);
  }

  // ---- squads -----------------------------------------------------------------------------------------------------

  findSquad(id: string): Promise<ArenaSquad | null> {
    return this.m.getRepository(ArenaSquad).findOneBy({ id });
  }

  findSquads(ids: string[]): Promise<ArenaSquad[]> {
    return ids.length ? this.m.getRepository(ArenaSquad).findBy({ id: In(ids) }) : Promise.resolve([]);
  }

  squads(offset: number, limit: number): Promise<[ArenaSquad[], number]> {
    return this.m.getRepository(ArenaSquad).findAndCount({
      where: { dissolvedAt: IsNull() },
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: offset,
      take: limit,
    });
  }

  async squadsOf(userId: string): Promise<ArenaSquad[]> {
    return this.m
      .getRepository(ArenaSquad)
      .createQueryBuilder('s')
      .innerJoin(ArenaSquadMember, 'm', 'm.squad_id = s.id AND m.user_id = :userId', { userId })
      .orderBy('s.created_at', 'DESC')
      .take(20)
      .getMany();
  }

  async createSquad(values: Pick<ArenaSquad, 'name' | 'teamId' | 'captainId' | 'createdAt'>): Promise<ArenaSquad> {
    const repo = this.m.getRepository(ArenaSquad);
    const squad = await repo.save(repo.create(values));
    await this.addMember(squad.id, values.captainId, values.createdAt);
    return squad;
  }

  /** False when already a member. */
  async addMember(squadId: string, userId: string, at: Date): Promise<boolean> {
    const rows: unknown[] = await this.m.query(
      `INSERT INTO arena_squad_members (squad_id, user_id, joined_at) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING user_id`,
      [squadId, userId, at],
    );
    return rows.length > 0;
  }

  members(squadIds: string[]): Promise<ArenaSquadMember[]> {
    if (squadIds.length === 0) return Promise.resolve([]);
    return this.m
      .getRepository(ArenaSquadMember)
      .find({ where: { squadId: In(squadIds) }, order: { joinedAt: 'ASC', userId: 'ASC' } });
  }

  async removeMember(squadId: string, userId: string): Promise<void> {
    await this.m.getRepository(ArenaSquadMember).delete({ squadId, userId });
  }

  async setCaptain(squadId: string, userId: string): Promise<void> {
    await this.m.getRepository(ArenaSquad).update({ id: squadId }, { captainId: userId });
  }

  async dissolve(squadId: string, at: Date): Promise<void> {
    await this.m.getRepository(ArenaSquad).update({ id: squadId }, { dissolvedAt: at });
  }

  /** Locks the squad row (joins and declarations of one squad run one at a time). */
  async lockSquad(id: string): Promise<void> {
    await this.m.query(`SELECT id FROM arena_squads WHERE id = $1 FOR UPDATE`, [id]);
  }

  // ---- wars -------------------------------------------------------------------------------------------------------

  findWar(id: string): Promise<ArenaWar | null> {
    return this.m.getRepository(ArenaWar).findOneBy({ id });
  }

  createWar(values: Omit<ArenaWar, 'id' | 'state' | 'closedAt' | 'result'>): Promise<ArenaWar> {
    const repo = this.m.getRepository(ArenaWar);
    return repo.save(repo.create({ ...values, state: 'preparation', closedAt: null, result: null }));
  }

  /** The war a squad is in that has not closed yet, if any. */
  activeWarOf(squadId: string): Promise<ArenaWar | null> {
    return this.m
      .getRepository(ArenaWar)
      .createQueryBuilder('w')
      .where('(w.home_squad_id = :squadId OR w.away_squad_id = :squadId)', { squadId })
      .andWhere(`w.state <> 'closed'`)
      .getOne();
  }

  recentWars(squadIds: string[] | null, limit: number): Promise<ArenaWar[]> {
    const q = this.m.getRepository(ArenaWar).createQueryBuilder('w');
    if (squadIds) {
      if (squadIds.length === 0) return Promise.resolve([]);
      q.where('(w.home_squad_id IN (:...ids) OR w.away_squad_id IN (:...ids))', { ids: squadIds });
    }
    return q.orderBy('w.created_at', 'DESC').addOrderBy('w.id', 'ASC').take(limit).getMany();
  }

  /** Preparation → battle once its time is up; false when already moved on or not yet due. */
  async startBattle(id: string, now: Date): Promise<boolean> {
    const result = await this.m.query(
      `UPDATE arena_wars SET state = 'battle' WHERE id = $1 AND state = 'preparation' AND prep_ends_at <= $2
       RETURNING id`,
      [id, now],
    );
    return result[1] > 0;
  }

  /** Battle → closed with its final result, once; false when already closed or not yet due. */
  async closeWar(id: string, now: Date, result: unknown): Promise<boolean> {
    const rows = await this.m.query(
      `UPDATE arena_wars SET state = 'closed', closed_at = $2, result = $3
        WHERE id = $1 AND state = 'battle' AND battle_ends_at <= $2 RETURNING id`,
      [id, now, JSON.stringify(result)],
    );
    return rows[1] > 0;
  }

  // ---- challenges ------------------------------------------------------------------------------------------------

  findChallenge(id: string): Promise<ArenaWarChallenge | null> {
    return this.m.getRepository(ArenaWarChallenge).findOneBy({ id });
  }

  createChallenge(values: Omit<ArenaWarChallenge, 'id' | 'state' | 'decidedAt' | 'warId'>): Promise<ArenaWarChallenge> {
    const repo = this.m.getRepository(ArenaWarChallenge);
    return repo.save(repo.create({ ...values, state: 'pending', decidedAt: null, warId: null }));
  }

  /** Whether a squad has a pending challenge, made or received (with `otherId`: between the two squads). */
  async hasPendingChallenge(squadId: string, otherId?: string): Promise<boolean> {
    const rows: unknown[] = await this.m.query(
      `SELECT 1 FROM arena_war_challenges
        WHERE state = 'pending' AND (challenger_squad_id = $1 OR opponent_squad_id = $1)
          AND ($2::uuid IS NULL OR challenger_squad_id = $2 OR opponent_squad_id = $2) LIMIT 1`,
      [squadId, otherId ?? null],
    );
    return rows.length > 0;
  }

  /** Pending → accepted | declined | expired, once; false when the challenge was no longer pending. */
  async decideChallenge(
    id: string,
    state: 'accepted' | 'declined' | 'expired',
    at: Date,
    warId: string | null = null,
  ): Promise<boolean> {
    const rows = await this.m.query(
      `UPDATE arena_war_challenges SET state = $2, decided_at = $3, war_id = $4
        WHERE id = $1 AND state = 'pending' AND ($2 <> 'expired' OR expires_at <= $3) RETURNING id`,
      [id, state, at, warId],
    );
    return rows[1] > 0;
  }

  /** The squads' recent challenges, made or received, newest first. */
  challengesOf(squadIds: string[], limit: number): Promise<ArenaWarChallenge[]> {
    if (squadIds.length === 0) return Promise.resolve([]);
    return this.m
      .getRepository(ArenaWarChallenge)
      .createQueryBuilder('c')
      .where('(c.challenger_squad_id IN (:...ids) OR c.opponent_squad_id IN (:...ids))', { ids: squadIds })
      .orderBy('c.created_at', 'DESC')
      .addOrderBy('c.id', 'ASC')
      .take(limit)
      .getMany();
  }

  // ---- lineup and attacks -----------------------------------------------------------------------------------------

  lineup(warId: string): Promise<ArenaWarLineup[]> {
    return this.m.getRepository(ArenaWarLineup).find({ where: { warId }, order: { squad: 'ASC', userId: 'ASC' } });
  }

  /** Sets (or changes) a member's lineup entry (entries are the member's own, so never another's). */
  async setLineup(row: ArenaWarLineup): Promise<void> {
    await this.m.query(
      `INSERT INTO arena_war_lineup (war_id, user_id, squad, entry_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (war_id, user_id) DO UPDATE SET entry_id = EXCLUDED.entry_id`,
      [row.warId, row.userId, row.squad, row.entryId],
    );
  }

  /** Locks the member's lineup row and answers it (attacks of one member run one at a time). */
  async lockLineup(warId: string, userId: string): Promise<ArenaWarLineup | null> {
    return this.m
      .getRepository(ArenaWarLineup)
      .createQueryBuilder('l')
      .where('l.war_id = :warId AND l.user_id = :userId', { warId, userId })
      .setLock('pessimistic_write')
      .getOne();
  }

  attacks(warId: string): Promise<ArenaWarAttack[]> {
    return this.m.getRepository(ArenaWarAttack).find({ where: { warId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  attackOfBattle(battleId: string): Promise<ArenaWarAttack | null> {
    return this.m.getRepository(ArenaWarAttack).findOneBy({ battleId });
  }

  insertAttack(values: Omit<ArenaWarAttack, 'id'>): Promise<ArenaWarAttack> {
    const repo = this.m.getRepository(ArenaWarAttack);
    return repo.save(repo.create(values));
  }

  /** Each attack battle's counted votes from the log (the war's score is computed from these). */
  tallies(warId: string): Promise<AttackTally[]> {
    return this.m.query(
      `SELECT a.battle_id, b.state,
              count(v.id) FILTER (WHERE v.outcome = 'a')::int AS a,
              count(v.id) FILTER (WHERE v.outcome = 'b')::int AS b,
              count(v.id) FILTER (WHERE v.outcome IN ('tie', 'both_bad'))::int AS even
         FROM arena_war_attacks a JOIN arena_battles b ON b.id = a.battle_id
         LEFT JOIN arena_votes v ON v.battle_id = a.battle_id AND NOT v.excluded
        WHERE a.war_id = $1 GROUP BY a.battle_id, b.state`,
      [warId],
    );
  }

  /** Whether this user is in either squad of the war an attack battle belongs to (they may not vote on it). */
  async isWarMemberOfBattle(battleId: string, userId: string): Promise<boolean> {
    const rows: unknown[] = await this.m.query(
      `SELECT 1 FROM arena_war_attacks a JOIN arena_wars w ON w.id = a.war_id
         JOIN arena_squad_members m ON m.squad_id IN (w.home_squad_id, w.away_squad_id) AND m.user_id = $2
        WHERE a.battle_id = $1 LIMIT 1`,
      [battleId, userId],
    );
    return rows.length > 0;
  }
}
