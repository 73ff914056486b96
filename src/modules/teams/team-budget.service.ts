import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import type { TeamUsageJson } from '../../contracts/teams';
import { NotificationsService } from '../notifications';
import type { User } from '../users';
import { TeamBudgetRepository } from './team-budget.repository';
import { TeamsRepository } from './teams.repository';
import { TeamsService } from './teams.service';

/** Alert thresholds, in percent of the monthly budget. */
const ALERT_THRESHOLDS = [80, 100] as const;

export class BudgetExhaustedException extends HttpException {
  constructor(message: string) {
    super({ statusCode: 402, message }, HttpStatus.PAYMENT_REQUIRED);
  }
}

export interface Reservation {
  id: string;
  teamId: string;
}

export const monthOf = (at: Date) => at.toISOString().slice(0, 7);
const monthStart = (month: string) => new Date(`${month}-01T00:00:00.000Z`);
const nextMonth = (month: string) => {
  const d = monthStart(month);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
};

/**
 * A team's monthly LLM budget and per-member caps (micro-dollars). Each AI call reserves its estimate first, under
 * a lock on the team row so parallel calls cannot overspend together, and settles with the real cost after (a
 * failed call settles at 0). Owners and admins are notified once a month at 80% and at 100%.
 */
@Injectable()
export class TeamBudgetService {
  constructor(
    private readonly repo: TeamBudgetRepository,
    private readonly teamsRepo: TeamsRepository,
    private readonly teams: TeamsService,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
  ) {}

  /** Reserves `estimateMicro` in the user's current team; 402 when the budget or the member's cap would be passed. */
  async reserve(user: User, feature: string, estimateMicro: number): Promise<Reservation> {
    const team = await this.teams.currentMembership(user);
    const estimate = BigInt(Math.max(0, Math.round(estimateMicro)));
    const id = await this.repo.transaction(async (tx) => {
      const spend = await this.repo.lockedSpend(tx, team.id, user.id, monthStart(monthOf(this.clock.now())));
      if (spend.budget !== null && spend.teamSpent + estimate > spend.budget) {
        throw new BudgetExhaustedException(`${team.name} has used its AI budget for this month.`);
      }
      if (spend.cap !== null && spend.memberSpent + estimate > spend.cap) {
        throw new BudgetExhaustedException('You have reached your AI allowance in this team for this month.');
      }
      return this.repo.insertReservation(tx, team.id, user.id, feature, estimate);
    });
    return { id, teamId: team.id };
  }

  /** The real cost replaces the estimate; then the thresholds are checked. */
  async settle(reservation: Reservation, costMicro: number): Promise<void> {
    const settled = await this.repo.settle(
      reservation.id,
      BigInt(Math.max(0, Math.round(costMicro))),
      this.clock.now(),
    );
    if (settled) await this.alertIfCrossed(reservation.teamId, monthOf(new Date(settled.created_at)));
  }

  private async alertIfCrossed(teamId: string, month: string): Promise<void> {
    const { spent, budget } = await this.repo.monthSpend(teamId, monthStart(month), nextMonth(month));
    if (budget === null || BigInt(budget) === 0n) return;
    const percent = Number((BigInt(spent) * 100n) / BigInt(budget));
    const team = (await this.teamsRepo.findTeam(teamId))!;
    for (const threshold of ALERT_THRESHOLDS) {
      if (percent < threshold || !(await this.repo.markAlert(teamId, month, threshold))) continue;
      for (const adminId of await this.teams.adminIds(teamId)) {
        await this.notifications.notify(adminId, {
          kind: 'system',
          title: `${team.name} has used ${threshold}% of its AI budget for ${month}`,
          url: `/teams/${teamId}/llm-usage`,
          data: { team_id: teamId, month, threshold },
        });
      }
    }
  }

  async usage(actor: User, teamId: string, month = monthOf(this.clock.now())): Promise<TeamUsageJson> {
    await this.teams.authorize(actor, teamId, 'usage.view');
    const from = monthStart(month);
    const to = nextMonth(month);
    const [spend, parts] = await Promise.all([
      this.repo.monthSpend(teamId, from, to),
      this.repo.breakdown(teamId, from, to),
    ]);
    return {
      month,
      budget_micro: spend.budget,
      spent_micro: spend.spent,
      reserved_micro: spend.reserved,
      by_member: parts.byMember,
      by_model: parts.byModel,
      by_feature: parts.byFeature,
      daily: parts.daily.map((d: { day: string; cost_micro: string }) => ({ day: d.day, cost_micro: d.cost_micro })),
    };
  }
}
