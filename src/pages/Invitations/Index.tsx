import { Head, router } from '@inertiajs/react';
import { useEffect, useState } from 'react';
import type { Page } from '@contracts/common';
import type { TeamInvitationJson, TeamSummary } from '@contracts/teams';
import { teamsApi, teamsPaths } from '@/api/teams';
import { TeamBadge } from '@/components/teams/TeamSwitcher';
import { Alert, Button, Card, DividedList, EmptyState, FormField, Input, Pagination, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { notify } from '@/lib/toast';
import { useAttempt } from '@/hooks/useAttempt';

interface Props {
  invitations: Page<TeamInvitationJson>;
  emailVerified: boolean;
}

/** Invitations/Index: the invitations this account received, and asking to join a team by its handle. */
export default function InvitationsIndex({ invitations, emailVerified }: Props) {
  const { attempt } = useAttempt();
  const answer = async (id: string, accept: boolean) => {
    await attempt(async () => {
      if (accept) {
        const res = await teamsApi.accept(id);
        notify.success(res.message);
        router.visit(teamsPaths.show(res.team.id));
      } else {
        notify.success((await teamsApi.decline(id)).message);
        router.reload();
      }
    }, 'Could not answer the invitation');
  };
  const join = useApiForm(
    { handle: '', message: '' },
    {
      successMessage: (r: { message: string }) => r.message,
      onSuccess: (r: { message: string; status: string; team?: TeamSummary }) => {
        if (r.status === 'joined' && r.team) router.visit(teamsPaths.show(r.team.id));
      },
    },
  );
  const [found, setFound] = useState<TeamSummary | null>(null);
  useEffect(() => {
    setFound(null);
    const handle = join.data.handle.trim();
    if (handle.length < 3) return;
    // A lookup still in flight when the handle changes answers for the old handle: it is dropped.
    let current = true;
    const timer = setTimeout(
      () =>
        teamsApi.byHandle(handle).then(
          (r) => current && setFound(r.team),
          () => current && setFound(null),
        ),
      300,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [join.data.handle]);

  return (
    <>
      <Head title="Invitations" />
      <h1 className="mb-6 text-2xl font-semibold text-slate-900 dark:text-white">Invitations</h1>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title="Received" padded={false}>
          {!emailVerified && (
            <Alert variant="warning" className="m-4">
              Verify your email address to accept invitations here, or open the link in the invitation email.
            </Alert>
          )}
          <DividedList
            items={invitations.data}
            empty={
              <EmptyState title="No invitations" description="When a team invites your email address, it shows here." />
            }
          >
            {(i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                <TeamBadge name={i.team.name} logo={i.team.logo_url} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900 dark:text-white">{i.team.name}</p>
                  <p className="text-xs text-slate-500">
                    as {i.role} · {i.expired ? 'expired' : `until ${new Date(i.expires_at).toLocaleDateString()}`}
                  </p>
                </div>
                {!i.expired && (
                  <Button size="sm" onClick={() => answer(i.id, true)}>
                    Accept
                  </Button>
                )}
                <Button size="sm" variant="ghost" onClick={() => answer(i.id, false)}>
                  Decline
                </Button>
              </li>
            )}
          </DividedList>
          <Pagination className="p-4" of={invitations} hrefFor={(p) => `${teamsPaths.invitations}?page=${p}`} />
        </Card>
        <Card
          title="Join a team"
          description="Find a team by its handle and ask to join. Admins answer; a verified address at the team's domain joins at once."
        >
          <form
            className="space-y-3"
            onSubmit={join.handleSubmit((v) => teamsApi.join({ handle: v.handle, message: v.message || undefined }))}
          >
            <FormField
              label="Team handle"
              name="handle"
              error={join.errors.handle}
              hint={found ? `${found.name} · ${found.type}` : undefined}
            >
              <Input
                placeholder="lonestar"
                value={join.data.handle}
                onChange={(e) => join.set('handle', e.target.value.toLowerCase())}
              />
            </FormField>
            <TextField label="Message (optional)" {...join.field('message')} />
            <Button type="submit" loading={join.processing}>
              Ask to join
            </Button>
          </form>
        </Card>
      </div>
    </>
  );
}
