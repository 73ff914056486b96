import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { CurrentTeamProps } from '../../contracts/teams';
import type { User } from '../users';
import { permissionsOf } from './team-roles';
import { toTeamSummary } from './teams.mapper';
import type { MembershipRow } from './teams.rows';
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
    if (!resolved.has(req))
      this.remember(req, this.teams.currentMembership(req.user as User, req.session?.currentTeamId));
    return resolved.get(req)!;
  }

  /**
   * This request's current membership, kept in the session for the browser's next requests, unless the request
   * chose a team itself while the lookup ran (an accepted invitation): a late lookup must not undo that choice.
   */
  private remember(req: Request, membership: Promise<MembershipRow>): void {
    const asked = req.session?.currentTeamId;
    resolved.set(
      req,
      membership.then((m) => {
        if (req.session && req.session.currentTeamId === asked && asked !== m.id) req.session.currentTeamId = m.id;
        return m;
      }),
    );
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
    const user = req.user as User;
    let listed: Promise<MembershipRow[]>;
    if (resolved.has(req)) listed = this.teams.memberships(user.id);
    else {
      // Every page shows both: the user's memberships with the current one among them, in one statement.
      const both = this.teams.currentWithAll(user, req.session?.currentTeamId);
      this.remember(
        req,
        both.then((b) => b.current),
      );
      listed = both.then((b) => b.all);
    }
    const [current, all] = await Promise.all([this.of(req), listed]);
    const team = toTeamSummary(current);
    return {
      team,
      teamRole: current.role,
      current_team: { team, role: current.role, permissions: permissionsOf(current.role) },
      team_users: all.map((m) => ({ team: toTeamSummary(m), role: m.role })),
    };
  }
}
