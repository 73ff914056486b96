import { Head } from '@inertiajs/react';
import type { TeamRole, TeamSummary } from '@contracts/teams';
import { teamsPaths } from '@/api/teams';
import { TeamBadge } from '@/components/teams/TeamSwitcher';
import { Alert, ButtonLink, Card } from '@/components/ui';

interface Props {
  inviting_team: TeamSummary;
  email: string;
  role: TeamRole;
  /** Why this account or link cannot accept, or null. */
  refusal: string | null;
  auth?: { user: unknown };
}

/** The invitation link's page: guests sign up or log in with the invited address and land in the team. */
export default function InvitationsShow({ inviting_team: team, email, role, refusal, auth }: Props) {
  return (
    <>
      <Head title={`Join ${team.name}`} />
      <div className="mx-auto max-w-md">
        <Card>
          <div className="flex items-center gap-3">
            <TeamBadge name={team.name} logo={team.logo_url} size="lg" />
            <div className="min-w-0">
              <h1 className="truncate text-xl font-semibold text-slate-900 dark:text-white">{team.name}</h1>
              <p className="text-sm text-slate-500 dark:text-slate-400">
                Invitation for {email} as {role}
              </p>
            </div>
          </div>
          {refusal ? (
            <Alert variant="error" className="mt-4">
              {refusal}
            </Alert>
          ) : (
            !auth?.user && (
              <div className="mt-4 space-y-3">
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  Create an account with {email}, or log in with it, and you will land in the team.
                </p>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <ButtonLink href={teamsPaths.register} className="w-full">
                    Create an account
                  </ButtonLink>
                  <ButtonLink href={teamsPaths.login} variant="secondary" className="w-full">
                    Log in
                  </ButtonLink>
                </div>
              </div>
            )
          )}
        </Card>
      </div>
    </>
  );
}
