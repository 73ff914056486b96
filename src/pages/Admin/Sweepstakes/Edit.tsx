import type { SweepstakesAdmin } from '@contracts/sweepstakes';
import { Head, router } from '@inertiajs/react';
import { sweepstakesAdminApi, sweepstakesPaths } from '@/api/sweepstakes';
import { RulesView, SweepstakesForm } from '@/components/sweepstakes';
import { Alert, BackLink, Button, Card, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';

/** Admin Edit: the rules form until the sweepstakes opens; afterwards dated amendments only. */
export default function AdminSweepstakesEdit({ sweepstakes: s }: PageProps<{ sweepstakes: SweepstakesAdmin }>) {
  const editable = s.state === 'draft' || s.state === 'scheduled';
  return (
    <>
      <Head title={`Edit ${s.title}`} />
      <div className="mb-6">
        <BackLink href={sweepstakesPaths.admin.show(s.id)}>{s.title}</BackLink>
        <h1 className="mt-1 text-2xl font-semibold text-slate-900 dark:text-white">Edit sweepstakes</h1>
      </div>
      {editable ? (
        <div className="space-y-6">
          {s.registration_required && <RegistrationCard s={s} />}
          <SweepstakesForm
            title={s.title}
            summary={s.summary}
            rules={s.rules}
            submitLabel="Save rules"
            successMessage="Rules saved"
            onSubmit={async (input) => {
              await sweepstakesAdminApi.update(s.id, input);
              router.reload();
            }}
          />
        </div>
      ) : (
        <div className="space-y-6">
          <Alert variant="info" title="The rules are locked">
            They were locked when the sweepstakes opened. Publish a dated amendment to change them.
          </Alert>
          {(s.state === 'open' || s.state === 'closed') && <AmendmentCard s={s} />}
          <Card title="Published rules">
            <RulesView rules={s.rules} amendments={s.amendments} />
          </Card>
        </div>
      )}
    </>
  );
}

function RegistrationCard({ s }: { s: SweepstakesAdmin }) {
  const form = useApiForm(
    { registered_on: s.registration?.registered_on ?? '', reference: s.registration?.reference ?? '' },
    { successMessage: 'Registration recorded', onSuccess: () => router.reload() },
  );
  return (
    <Card
      title="Registration"
      description="The total prize value needs a registration in one of the eligible regions before the sweepstakes can open."
    >
      <form
        onSubmit={form.handleSubmit((v) => sweepstakesAdminApi.registration(s.id, v))}
        className="grid grid-cols-1 gap-4 sm:grid-cols-3"
      >
        <TextField label="Registered on" type="date" {...form.field('registered_on')} />
        <TextField label="Reference" {...form.field('reference')} />
        <div className="flex items-end">
          <Button type="submit" loading={form.processing}>
            Record
          </Button>
        </div>
      </form>
    </Card>
  );
}

function AmendmentCard({ s }: { s: SweepstakesAdmin }) {
  const form = useApiForm(
    { summary: '', ends_at: '', odds_statement: '', free_entry_method: '' },
    { successMessage: 'Amendment published', onSuccess: () => router.reload() },
  );
  const submit = form.handleSubmit((v) =>
    sweepstakesAdminApi.amend(s.id, {
      summary: v.summary,
      ends_at: v.ends_at ? new Date(v.ends_at).toISOString() : undefined,
      odds_statement: v.odds_statement || undefined,
      free_entry_method: v.free_entry_method || undefined,
    }),
  );
  return (
    <Card title="New amendment" description="Dated and shown with the rules on the public page.">
      <form onSubmit={submit} className="grid gap-4">
        <TextField label="What changes and why" required {...form.field('summary')} />
        {s.state === 'open' && (
          <TextField label="New end (your local time, later only)" type="datetime-local" {...form.field('ends_at')} />
        )}
        <TextField label="New odds statement (optional)" {...form.field('odds_statement')} />
        <TextField label="New free entry method (optional)" {...form.field('free_entry_method')} />
        <div className="flex justify-end">
          <Button type="submit" loading={form.processing}>
            Publish amendment
          </Button>
        </div>
      </form>
    </Card>
  );
}
