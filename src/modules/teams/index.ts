/** What other modules may use of the teams area. */
export { TeamsService } from './teams.service';
export { TeamBudgetService, BudgetExhaustedException, type Reservation } from './team-budget.service';
export { CurrentTeamService } from './current-team';
export { roleAllows } from './team-roles';
