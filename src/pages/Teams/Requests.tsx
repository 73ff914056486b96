import { Head } from '@inertiajs/react';
import type { Page } from '@contracts/common';
import type { JoinRequestJson, TeamSummary } from '@contracts/teams';
import { teamsApi, teamsPaths } from '@/api/teams';
import { TeamHeader } from '@/components/teams/TeamHeader';
import { Button, Card, DividedList, EmptyState, Pagination } from '@/components/ui';
import { actThenReload } from '@/lib/actions';

interface Props {
  /** The team this page is about (`team`, shared by every page, is your current team). */
  shown_team: TeamSummary;
  requests: Page<JoinRequestJson>;
}

/** Teams/Requests: people asking to join; admins approve (as agents) or decline, and the requester is told. */
export default function TeamsRequests({ shown_team: team, requests }: Props) {
  const decide = (id: string, approve: boolean) =>
    actThenReload(() => (approve ? teamsApi.approve(id) : teamsApi.declineRequest(id)), 'Could not answer the request');
  return (
    <>
      <Head title={`${team.name} · requests`} />
      <TeamHeader team={team} active="requests" />
      <Card title={`Join requests (${requests.total})`} padded={false}>
        <DividedList
          items={requests.data}
          empty={
            <EmptyState
              title="No pending requests"
              description={`People can ask to join with the handle @${team.handle}.`}
            />
          }
        >
          {(r) => (
            <li key={r.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900 dark:text-white">
                  {r.user.name} {r.user.handle && <span className="text-sm text-slate-500">@{r.user.handle}</span>}
                </p>
                {r.message && <p className="text-sm text-slate-600 dark:text-slate-400">“{r.message}”</p>}
                <p className="text-xs text-slate-500">{new Date(r.created_at).toLocaleString()}</p>
              </div>
              <Button size="sm" onClick={() => decide(r.id, true)}>
                Approve
              </Button>
              <Button size="sm" variant="ghost" onClick={() => decide(r.id, false)}>
                Decline
              </Button>
            </li>
          )}
        </DividedList>
        <Pagination className="p-4" of={requests} hrefFor={(p) => `${teamsPaths.requests(team.id)}?page=${p}`} />
      </Card>
    </>
  );
}
