import { Head, router } from '@inertiajs/react';
import type { TeamJson, TeamRole, TeamType } from '@contracts/teams';
import { teamsApi } from '@/api/teams';
import { TeamHeader } from '@/components/teams/TeamHeader';
import { TEAM_TYPE_LABELS, useTeamHandleCheck } from '@/components/teams/useTeamHandleCheck';
import { Alert, Button, Card, FormField, Input, SelectField, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { notify } from '@/lib/toast';
import { useAttempt } from '@/hooks/useAttempt';

interface Props {
  /** The team this page is about (`team`, shared by every page, is your current team). */
  shown_team: TeamJson;
  role: TeamRole;
  types: TeamType[];
  canDelete: boolean;
}

const reload = () => router.reload();

/** Teams/Settings: name, handle, type and logo; the email domain and its DNS proof; deleting the team. */
export default function TeamsSettings({ shown_team: team, role, types, canDelete }: Props) {
  const details = useApiForm(
    { name: team.name, handle: team.handle, type: team.type },
    { successMessage: 'Team updated', onSuccess: reload },
  );
  const handleStatus = useTeamHandleCheck(details.data.handle, team.id, team.handle);
  const domain = useApiForm(
    { domain: team.email_domain ?? '' },
    { successMessage: (r: { message: string }) => r.message, onSuccess: reload },
  );
  const verify = useApiForm({}, { successMessage: 'Domain verified', onSuccess: reload });
  const remove = useApiForm(
    { password: '' },
    { successMessage: 'Team deleted', onSuccess: () => router.visit('/dashboard') },
  );
  const { busy: logoBusy, attempt } = useAttempt();

  const uploadLogo = async (file: File | undefined) => {
    if (!file) return;
    await attempt(async () => {
      notify.success((await teamsApi.uploadLogo(team.id, file)).message);
      reload();
    }, 'Could not upload the logo');
  };

  return (
    <>
      <Head title={`${team.name} · settings`} />
      <TeamHeader team={team} role={role} active="settings" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title="Details">
          <form className="space-y-4" onSubmit={details.handleSubmit((v) => teamsApi.update(team.id, v))}>
            <TextField label="Name" {...details.field('name')} />
            <TextField
              label="Handle"
              name="handle"
              value={details.data.handle}
              error={details.errors.handle ?? (handleStatus && handleStatus !== 'available' ? handleStatus : undefined)}
              hint={handleStatus === 'available' ? `@${details.data.handle} is available` : undefined}
              onChange={(e) => details.set('handle', e.target.value.toLowerCase())}
            />
            <SelectField
              label="Type"
              options={types.map((t) => ({ value: t, label: TEAM_TYPE_LABELS[t] ?? t }))}
              {...details.field('type')}
            />
            <FormField label="Logo (JPEG, PNG or WebP, 5 MB)" name="logo">
              <Input
                type="file"
                accept="image/jpeg,image/png,image/webp"
                disabled={logoBusy}
                onChange={(e) => uploadLogo(e.target.files?.[0])}
              />
            </FormField>
            <Button type="submit" loading={details.processing}>
              Save
            </Button>
          </form>
        </Card>

        <Card
          title="Email domain"
          description="People with a verified address at a proven domain join without approval. Public mail domains never qualify."
        >
          <form
            className="flex items-end gap-2"
            onSubmit={domain.handleSubmit((v) => teamsApi.claimDomain(team.id, v.domain))}
          >
            <TextField label="Domain" className="flex-1" placeholder="example.com" {...domain.field('domain')} />
            <Button type="submit" variant="secondary" loading={domain.processing}>
              Claim
            </Button>
          </form>
          {team.email_domain && (
            <div className="mt-4 space-y-3">
              {team.domain_verified ? (
                <Alert variant="success">{team.email_domain} is proven.</Alert>
              ) : (
                <Alert variant="warning" title="Add this TXT record to the domain's DNS, then verify">
                  <code className="break-all text-xs">{team.domain_txt_record}</code>
                </Alert>
              )}
              {verify.errors.domain && <p className="text-sm text-red-600 dark:text-red-400">{verify.errors.domain}</p>}
              <div className="flex gap-2">
                {!team.domain_verified && (
                  <Button
                    size="sm"
                    loading={verify.processing}
                    onClick={() => verify.submit(() => teamsApi.verifyDomain(team.id))}
                  >
                    Verify now
                  </Button>
                )}
                <Button size="sm" variant="ghost" onClick={() => domain.submit(() => teamsApi.releaseDomain(team.id))}>
                  Release domain
                </Button>
              </div>
            </div>
          )}
        </Card>

        {canDelete && (
          <Card title="Delete team" description="Members lose access; listings stay with their authors.">
            <form className="space-y-3" onSubmit={remove.handleSubmit((v) => teamsApi.destroy(team.id, v.password))}>
              <TextField label="Confirm with your password" type="password" {...remove.field('password')} />
              <Button type="submit" variant="danger" loading={remove.processing}>
                Delete {team.name}
              </Button>
            </form>
          </Card>
        )}
      </div>
    </>
  );
}
