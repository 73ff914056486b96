import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type Redis from 'ioredis';
import { Clock } from '../../common/clock';
import type { ArenaTicket as ArenaTicketJson } from '../../contracts/arena';
import { REDIS, REDIS_KEY_PREFIX } from '../../infra/runtime.module';
import { TimersService } from '../jobs';
import { Broadcaster } from '../realtime';
import type { User } from '../users';
import { ArenaBattlesService } from './arena-battles.service';
import { ArenaEntriesService } from './arena-entries.service';
import { LIVE_BATTLE_MS, QUEUE_TIMEOUT_MS, QUEUE_TIMERS, TICKET_EVENT } from './arena.constants';
import { toTicketJson } from './arena.mapper';
import { PostgresQueueStore, queuedEntryOf, RedisQueueStore, type QueueStore } from './arena-queue.store';
import { ArenaRepository } from './arena.repository';
import { ArenaTicketsRepository } from './arena-tickets.repository';
import { matchQueue, REMATCH_COOLDOWN_MS, WINDOW_STEP_MS, windowAt, type QueuedEntry } from './core';
import type { ArenaTicket } from './entities/arena.entity';
import { requireOwnWork, requireTicketOwner } from './arena.policy';

const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/**
 * The queue for live rounds: queued → matched → in_battle → completed, or abandoned (the creator left), or timeout
 * (nobody fitting came in time). Each queued ticket has a tick timer every 30 s that runs the category's matchmaker
 * (the window widens with waiting) and a timeout timer; a matched pair's battle closes by its own timer.
 */
@Injectable()
export class ArenaQueueService {
  /** Redis when configured, else PostgreSQL (tests swap it to exercise both). */
  store: QueueStore;

  constructor(
    private readonly repo: ArenaRepository,
    private readonly tickets: ArenaTicketsRepository,
    private readonly entries: ArenaEntriesService,
    private readonly battles: ArenaBattlesService,
    private readonly clock: Clock,
    private readonly timers: TimersService,
    private readonly broadcaster: Broadcaster,
    @Inject(REDIS) redis: Redis | null,
    @Inject(REDIS_KEY_PREFIX) prefix: string,
  ) {
    this.store = redis ? new RedisQueueStore(redis, prefix) : new PostgresQueueStore(repo, tickets);
  }

  async join(user: User, entryId: string): Promise<ArenaTicketJson> {
    const entry = await this.entries.find(entryId);
    requireOwnWork(user, entry.creatorId, 'You can only queue your own entries.');
    const season = await this.entries.currentSeason();
    if (entry.seasonId !== season.id) throw new ConflictException('This entry belongs to an earlier season.');
    const now = this.clock.now();
    const ticket = await this.tickets.createTicket({
      entryId: entry.id,
      creatorId: user.id,
      teamId: entry.teamId,
      seasonId: entry.seasonId,
      category: entry.category,
      rating: entry.rating,
      state: 'queued',
      queuedAt: now,
    });
    if (!ticket) throw new ConflictException('This entry is already queued or in a live round.');
    await this.store.add(ticket.category, queuedEntryOf(ticket));
    await this.timers.at(
      new Date(now.getTime() + QUEUE_TIMEOUT_MS),
      QUEUE_TIMERS.timeout,
      { ticketId: ticket.id },
      ticket.id,
    );
    await this.scheduleTick(ticket);
    await this.matchmake(ticket.category);
    return this.toJson((await this.tickets.findTicket(ticket.id))!);
  }

  async leave(user: User, ticketId: string): Promise<ArenaTicketJson> {
    const ticket = await this.owned(user, ticketId);
    const left = await this.tickets.moveTicket(ticket.id, ['queued', 'matched'], {
      state: 'abandoned',
      endedAt: this.clock.now(),
    });
    if (!left) throw new ConflictException('This ticket is no longer waiting.');
    await this.store.remove(ticket.category, ticket.id);
    return this.notify((await this.tickets.findTicket(ticket.id))!);
  }

  async mine(user: User): Promise<ArenaTicketJson[]> {
    const tickets = await this.tickets.ticketsOf(user.id, 20);
    return Promise.all(tickets.map((t) => this.toJson(t)));
  }

  /** One matchmaking pass over a category: pairs what fits now, opens their live battles. */
  async matchmake(category: string): Promise<number> {
    const made = await this.store.exclusive(category, async () => {
      const queue = await this.store.list(category);
      const now = this.clock.nowMs();
      const recent = await this.tickets.recentPairs(
        queue.map((q) => q.entryId),
        new Date(now - REMATCH_COOLDOWN_MS),
      );
      let count = 0;
      for (const [x, y] of matchQueue(queue, now, (a, b) => recent.has(pairKey(a, b)))) {
        if (!(await this.store.claim(category, x.ticketId, y.ticketId))) continue;
        if (await this.start(x, y)) count++;
      }
      return count;
    });
    return made ?? 0;
  }

  private async start(x: QueuedEntry, y: QueuedEntry): Promise<boolean> {
    const matchedAt = this.clock.now();
    const movedX = await this.tickets.moveTicket(x.ticketId, ['queued'], { state: 'matched', matchedAt });
    const movedY = movedX && (await this.tickets.moveTicket(y.ticketId, ['queued'], { state: 'matched', matchedAt }));
    if (!movedX || !movedY) {
      // One side left meanwhile: the other goes back in the queue.
      const back = movedX ? x : y;
      if (movedX) await this.tickets.moveTicket(x.ticketId, ['matched'], { state: 'queued', matchedAt: null });
      const ticket = await this.tickets.findTicket(back.ticketId);
      if (ticket?.state === 'queued') await this.store.add(ticket.category, back);
      return false;
    }
    const [a, b] = await Promise.all([this.entries.find(x.entryId), this.entries.find(y.entryId)]);
    const battle = await this.battles.open(a, b, 'live', LIVE_BATTLE_MS);
    for (const id of [x.ticketId, y.ticketId]) {
      await this.tickets.moveTicket(id, ['matched'], { state: 'in_battle', battleId: battle.id });
      await this.notify((await this.tickets.findTicket(id))!);
    }
    await this.timers.at(battle.closesAt, QUEUE_TIMERS.battleEnd, { battleId: battle.id }, battle.id);
    return true;
  }

  /** Tick timer: the window has widened; try again, and keep ticking while the ticket waits. */
  async onTick({ ticketId }: { ticketId: string }): Promise<void> {
    const ticket = await this.tickets.findTicket(ticketId);
    if (ticket?.state !== 'queued') return;
    await this.matchmake(ticket.category);
    const after = await this.tickets.findTicket(ticketId);
    if (after?.state === 'queued') await this.scheduleTick(after);
  }

  /** Timeout timer: a ticket still queued after the timeout leaves the queue as `timeout`. */
  async onTimeout({ ticketId }: { ticketId: string }): Promise<void> {
    const ticket = await this.tickets.findTicket(ticketId);
    if (!ticket || this.clock.nowMs() < ticket.queuedAt.getTime() + QUEUE_TIMEOUT_MS) return;
    if (await this.tickets.moveTicket(ticketId, ['queued'], { state: 'timeout', endedAt: this.clock.now() })) {
      await this.store.remove(ticket.category, ticket.id);
      await this.notify((await this.tickets.findTicket(ticketId))!);
    }
  }

  /** Battle-end timer: once the live battle is closed its tickets are completed. */
  async onBattleEnd({ battleId }: { battleId: string }): Promise<void> {
    await this.battles.onCloseTimer({ battleId });
    const battle = await this.repo.findBattle(battleId);
    if (battle?.state !== 'completed') return;
    for (const t of await this.tickets.ticketsOfBattle(battleId)) {
      if (await this.tickets.moveTicket(t.id, ['in_battle'], { state: 'completed', endedAt: battle.closedAt })) {
        await this.notify((await this.tickets.findTicket(t.id))!);
      }
    }
  }

  private async scheduleTick(ticket: ArenaTicket): Promise<void> {
    const elapsed = this.clock.nowMs() - ticket.queuedAt.getTime();
    const next = ticket.queuedAt.getTime() + (Math.floor(elapsed / WINDOW_STEP_MS) + 1) * WINDOW_STEP_MS;
    await this.timers.at(new Date(next), QUEUE_TIMERS.tick, { ticketId: ticket.id }, ticket.id);
  }

  private async owned(user: User, ticketId: string): Promise<ArenaTicket> {
    const ticket = await this.tickets.findTicket(ticketId);
    if (!ticket) throw new NotFoundException('There is no ticket with that id.');
    requireTicketOwner(user, ticket);
    return ticket;
  }

  private async notify(t: ArenaTicket): Promise<ArenaTicketJson> {
    const json = await this.toJson(t);
    await this.broadcaster.broadcast(`private-App.Models.User.${t.creatorId}`, TICKET_EVENT, { ticket: json });
    return json;
  }

  private async toJson(t: ArenaTicket): Promise<ArenaTicketJson> {
    const [entry] = await this.entries.toJsonMany([await this.entries.find(t.entryId)]);
    const position = t.state === 'queued' ? await this.tickets.queuePosition(t) : null;
    return toTicketJson(t, entry, position, windowAt(t.queuedAt.getTime(), this.clock.nowMs()));
  }
}
