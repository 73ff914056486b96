import type { Pursuit, PursuitPage } from '@contracts/pursuits';
import { Head } from '@inertiajs/react';
import { useState } from 'react';
import { pursuitApi, pursuitPaths, type PursuitForm } from '@/api/pursuits';
import { PursuitCard } from '@/components/pursuits/PursuitCard';
import { Button, Card, EmptyState, FormField, Input, Pagination, Select } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';

/** Your pursuits (goals with progress and milestones), those your teams share, and adding one. */
export default function PursuitsIndex({
  mine,
  team_pursuits,
  teams,
}: PageProps<{ mine: PursuitPage; team_pursuits: PursuitPage; teams: Array<{ id: string; name: string }> }>) {
  const [list, setList] = useState<Pursuit[]>(mine.data);
  const form = useApiForm<PursuitForm, { pursuit: Pursuit }>(
    { title: '', description: '', unit: '', target: 10, due_on: null, team_id: null },
    {
      successMessage: 'Pursuit added',
      onSuccess: (r) => {
        setList((l) => [r.pursuit, ...l]);
        form.reset();
      },
    },
  );
  const shared = team_pursuits.data.filter((p) => !p.mine);
  return (
    <>
      <Head title="Pursuits" />
      <h1 className="text-headline font-semibold text-ink">Pursuits</h1>
      <p className="mb-6 text-sm text-ink-muted">Your goals, their milestones and how far along you are.</p>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-3">
        <section className="space-y-4 lg:col-span-2" aria-labelledby="yours">
          <h2 id="yours" className="text-title font-semibold text-ink">
            Yours
          </h2>
          {list.length === 0 ? (
            <EmptyState title="No pursuits yet" description="Set a goal: sell 12 homes, design every room..." />
          ) : (
            <ul className="space-y-3">
              {list.map((p) => (
                <li key={p.id}>
                  <PursuitCard initial={p} onRemoved={(id) => setList((l) => l.filter((x) => x.id !== id))} />
                </li>
              ))}
            </ul>
          )}
          <Pagination of={mine} hrefFor={pursuitPaths.page} />
          {shared.length > 0 && (
            <>
              <h2 className="pt-4 text-title font-semibold text-ink">Shared by your teams</h2>
              <ul className="space-y-3">
                {shared.map((p) => (
                  <li key={p.id}>
                    <PursuitCard initial={p} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
        <aside>
          <Card title="New pursuit">
            <form className="space-y-3" onSubmit={form.handleSubmit((v) => pursuitApi.create(v))}>
              <FormField label="Goal" name="title" error={form.errors.title}>
                <Input {...form.field('title')} maxLength={120} placeholder="Sell 12 homes this year" />
              </FormField>
              <div className="grid grid-cols-2 gap-2">
                <FormField label="Target" name="target" error={form.errors.target}>
                  <Input
                    type="number"
                    min={1}
                    value={String(form.data.target)}
                    onChange={(e) => form.set('target', Number(e.target.value))}
                  />
                </FormField>
                <FormField label="Unit" name="unit" error={form.errors.unit}>
                  <Input {...form.field('unit')} maxLength={30} placeholder="homes" />
                </FormField>
              </div>
              <FormField label="Due" name="due_on" error={form.errors.due_on}>
                <Input
                  type="date"
                  value={form.data.due_on ?? ''}
                  onChange={(e) => form.set('due_on', e.target.value || null)}
                />
              </FormField>
              <FormField label="Who sees it" name="team_id" error={form.errors.team_id}>
                <Select
                  value={form.data.team_id ?? ''}
                  onChange={(e) => form.set('team_id', e.target.value || null)}
                  options={[{ value: '', label: 'Only me' }, ...teams.map((t) => ({ value: t.id, label: t.name }))]}
                />
              </FormField>
              <Button type="submit" loading={form.processing}>
                Add
              </Button>
            </form>
          </Card>
        </aside>
      </div>
    </>
  );
}
