import { Head, router } from '@inertiajs/react';
import type { TeamType } from '@contracts/teams';
import { teamsApi, teamsPaths } from '@/api/teams';
import { TEAM_TYPE_LABELS, useTeamHandleCheck } from '@/components/teams/useTeamHandleCheck';
import { Button, Card, SelectField, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';

interface Props {
  types: TeamType[];
}

const suggest = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[_0-9]+|_+$/g, '')
    .slice(0, 30);

/** Teams/Create: name, handle (checked live) and type; the new team becomes the current one. */
export default function TeamsCreate({ types }: Props) {
  const form = useApiForm(
    { name: '', handle: '', type: 'team' as TeamType, handleTouched: false },
    {
      successMessage: (r: { message: string; team: { id: string } }) => r.message,
      onSuccess: (r: { message: string; team: { id: string } }) => router.visit(teamsPaths.show(r.team.id)),
    },
  );
  const handleStatus = useTeamHandleCheck(form.data.handle);

  return (
    <>
      <Head title="Create a team" />
      <div className="mx-auto max-w-xl">
        <Card title="Create a team" description="Invite your agents and assistants and list properties together.">
          <form
            className="space-y-4"
            onSubmit={form.handleSubmit(({ name, handle, type }) => teamsApi.create({ name, handle, type }))}
          >
            <TextField
              label="Team name"
              name="name"
              required
              value={form.data.name}
              error={form.errors.name}
              onChange={(e) => {
                form.set('name', e.target.value);
                if (!form.data.handleTouched) form.set('handle', suggest(e.target.value));
              }}
            />
            <TextField
              label="Handle"
              name="handle"
              required
              value={form.data.handle}
              error={form.errors.handle ?? (handleStatus && handleStatus !== 'available' ? handleStatus : undefined)}
              hint={
                handleStatus === 'available'
                  ? `@${form.data.handle} is available`
                  : 'Lowercase letters, digits, _ and .'
              }
              onChange={(e) => {
                form.set('handleTouched', true);
                form.set('handle', e.target.value.toLowerCase());
              }}
            />
            <SelectField
              label="Type"
              options={types.map((t) => ({ value: t, label: TEAM_TYPE_LABELS[t] ?? t }))}
              {...form.field('type')}
            />
            <Button type="submit" loading={form.processing} fullWidth>
              Create team
            </Button>
          </form>
        </Card>
      </div>
    </>
  );
}
