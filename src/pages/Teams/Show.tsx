import { Head, router, usePage } from '@inertiajs/react';
import { useState } from 'react';
import type { Page } from '@contracts/common';
import type { TeamInvitationJson, TeamJson, TeamMemberJson, TeamPermission, TeamRole } from '@contracts/teams';
import { teamsApi, teamsPaths } from '@/api/teams';
import { TeamHeader } from '@/components/teams/TeamHeader';
import { Button, Card, EmptyState, Pagination, Select, SelectField, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import type { AuthUser } from '@/types';
import { actThenReload } from '@/lib/actions';

interface RoleRow {
  role: TeamRole;
  label: string;
  description: string;
  permissions: TeamPermission[];
}

interface Props {
  /** The team this page is about (`team`, shared by every page, is your current team). */
  shown_team: TeamJson;
  role: TeamRole;
  permissions: TeamPermission[];
  roles: RoleRow[];
  members: Page<TeamMemberJson>;
  invitations: TeamInvitationJson[];
}

const ASSIGNABLE: TeamRole[] = ['admin', 'agent', 'assistant'];

/** Teams/Show: members with their roles, invitations, and what each role may do. */
export default function TeamsShow({ shown_team: team, role, permissions, roles, members, invitations }: Props) {
  const me = (usePage().props as unknown as { auth: { user: AuthUser } }).auth.user;
  const can = (p: TeamPermission) => permissions.includes(p);
  const invite = useApiForm(
    { email: '', role: 'agent' as TeamRole },
    { successMessage: (r: { message: string }) => r.message, onSuccess: () => router.reload() },
  );
  const [transferTo, setTransferTo] = useState<TeamMemberJson | null>(null);
  const [password, setPassword] = useState('');

  return (
    <>
      <Head title={team.name} />
      <TeamHeader team={team} role={role} permissions={permissions} active="members" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card title={`Members (${members.total})`} padded={false}>
            <ul className="divide-y divide-line">
              {members.data.map((m) => (
                <li key={m.user_id} className="flex flex-wrap items-center gap-3 px-4 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium text-slate-900 dark:text-white">
                      {m.name} {m.user_id === me.id && <span className="text-xs text-slate-500">(you)</span>}
                    </p>
                    <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                      {m.handle ? `@${m.handle}` : ''} {m.email ?? ''}
                    </p>
                  </div>
                  {can('members.role') && m.role !== 'owner' && m.user_id !== me.id ? (
                    <Select
                      aria-label={`Role of ${m.name}`}
                      className="w-36"
                      value={m.role}
                      onChange={(e) =>
                        actThenReload(
                          () => teamsApi.changeRole(team.id, m.user_id, e.target.value as TeamRole),
                          'Could not change the role',
                        )
                      }
                      options={ASSIGNABLE.map((r) => ({ value: r, label: r }))}
                    />
                  ) : (
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                      {m.role}
                    </span>
                  )}
                  {role === 'owner' && m.role === 'admin' && (
                    <Button size="sm" variant="secondary" onClick={() => setTransferTo(m)}>
                      Make owner
                    </Button>
                  )}
                  {m.user_id === me.id && m.role !== 'owner' && !team.personal && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() =>
                        actThenReload(() => teamsApi.removeMember(team.id, me.id), 'Could not leave the team')
                      }
                    >
                      Leave
                    </Button>
                  )}
                  {m.user_id !== me.id && m.role !== 'owner' && can('members.remove') && (
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() =>
                        actThenReload(() => teamsApi.removeMember(team.id, m.user_id), 'Could not remove the member')
                      }
                    >
                      Remove
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            <Pagination className="p-4" of={members} hrefFor={(p) => `${teamsPaths.show(team.id)}?page=${p}`} />
          </Card>

          {transferTo && (
            <Card title={`Transfer ownership to ${transferTo.name}`} description="You will become an administrator.">
              <form
                className="space-y-3"
                onSubmit={(e) => {
                  e.preventDefault();
                  void actThenReload(
                    () => teamsApi.transfer(team.id, transferTo.user_id, password),
                    'Could not transfer ownership',
                  );
                  setTransferTo(null);
                  setPassword('');
                }}
              >
                <TextField
                  label="Your password"
                  name="password"
                  type="password"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
                <div className="flex gap-2">
                  <Button type="submit" variant="danger">
                    Transfer
                  </Button>
                  <Button type="button" variant="ghost" onClick={() => setTransferTo(null)}>
                    Cancel
                  </Button>
                </div>
              </form>
            </Card>
          )}

          {can('members.invite') && (
            <Card title="Invite by email" description="The link works for 7 days, only for the invited address.">
              <form
                className="flex flex-col gap-3 sm:flex-row sm:items-end"
                onSubmit={invite.handleSubmit((v) => teamsApi.invite(team.id, v))}
              >
                <TextField label="Email" className="flex-1" type="email" {...invite.field('email')} />
                <SelectField
                  label="Role"
                  options={ASSIGNABLE.map((r) => ({ value: r, label: r }))}
                  {...invite.field('role')}
                />
                <Button type="submit" loading={invite.processing}>
                  Send invitation
                </Button>
              </form>
              <ul className="mt-4 divide-y divide-line">
                {invitations.length === 0 && <li className="py-2 text-sm text-slate-500">No pending invitations.</li>}
                {invitations.map((i) => (
                  <li key={i.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                    <span className="min-w-0 flex-1 truncate text-slate-800 dark:text-slate-200">
                      {i.email} · {i.role}
                      <span className={i.expired ? ' text-red-600 dark:text-red-400' : ' text-slate-500'}>
                        {i.expired ? ' · expired' : ` · until ${new Date(i.expires_at).toLocaleDateString()}`}
                      </span>
                    </span>
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => actThenReload(() => teamsApi.resendInvitation(i.id), 'Could not resend')}
                    >
                      Resend
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => actThenReload(() => teamsApi.revokeInvitation(i.id), 'Could not revoke')}
                    >
                      Revoke
                    </Button>
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </div>

        <Card title="Roles" description="What each role may do in this team." className="min-w-0">
          {roles.length === 0 ? (
            <EmptyState title="No roles" />
          ) : (
            <dl className="space-y-3 text-sm">
              {roles.map((r) => (
                <div key={r.role}>
                  <dt className="font-medium text-slate-900 dark:text-white">
                    {r.label}{' '}
                    {r.role === role && <span className="text-xs text-brand-600 dark:text-brand-400">(you)</span>}
                  </dt>
                  <dd className="text-slate-600 dark:text-slate-400">{r.description}</dd>
                  <dd className="mt-1 flex flex-wrap gap-1">
                    {r.permissions.map((p) => (
                      <code
                        key={p}
                        className="rounded bg-slate-100 px-1 text-[11px] text-slate-700 dark:bg-slate-800 dark:text-slate-300"
                      >
                        {p}
                      </code>
                    ))}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </Card>
      </div>
    </>
  );
}
