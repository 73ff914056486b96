import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { CurrentTeamProps } from '../../contracts/teams';
import type { User } from '../users';
import { permissionsOf } from './team-roles';
import { toTeamSummary } from './teams.mapper';
import type { MembershipRow } from './teams.repository';
import { TeamsService } from './teams.service';
import '../../common/session.types';

declare module 'express-session' {
  interface SessionData {
    /** The team this browser works in (also saved on the user, for their other sessions and new rows). */
    currentTeamId: string;
  }
}

const resolved = new WeakMap<Request, Promise<MembershipRow>>();
const propsOf = new WeakMap<Request, Promise<CurrentTeamProps>>();

/** The signed-in user's current team for this request (resolved once per request), kept in the session. */
@Injectable()
export class CurrentTeamService {
  constructor(private readonly teams: TeamsService) {}

  of(req: Request): Promise<MembershipRow> {
    const user = req.user as User;
    let found = resolved.get(req);
    if (!found) {
      found = this.teams.currentMembership(user, req.session?.currentTeamId).then((membership) => {
        if (req.session && req.session.currentTeamId !== membership.id) req.session.currentTeamId = membership.id;
        return membership;
      });
      resolved.set(req, found);
    }
    return found;
  }

  /** For a list's `scope`: the current team's id when the team's records are asked for, else undefined (mine). */
  async scopeTeamId(req: Request, scope: 'mine' | 'team' | undefined): Promise<string | undefined> {
    return scope === 'team' ? (await this.of(req)).id : undefined;
  }

  async switchTo(req: Request, teamId: string): Promise<MembershipRow> {
    const membership = await this.teams.switchTo(req.user as User, teamId);
    req.session.currentTeamId = membership.id;
    resolved.set(req, Promise.resolve(membership));
    propsOf.delete(req);
    return membership;
  }

  /** The spec's user fields: team, teamRole, current team and the user's teams (for the switcher). */
  props(req: Request): Promise<CurrentTeamProps> {
    let found = propsOf.get(req);
    if (!found) {
      found = this.load(req);
      propsOf.set(req, found);
    }
    return found;
  }

  private async load(req: Request): Promise<CurrentTeamProps> {
    if (!req.user) return { team: null, teamRole: null, current_team: null, team_users: [] };
    const [current, all] = await Promise.all([this.of(req), this.teams.memberships((req.user as User).id)]);
    const team = toTeamSummary(current);
    return {
      team,
      teamRole: current.role,
      current_team: { team, role: current.role, permissions: permissionsOf(current.role) },
      team_users: all.map((m) => ({ team: toTeamSummary(m), role: m.role })),
    };
  }
}
