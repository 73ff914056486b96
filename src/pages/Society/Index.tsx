import type { TrustStanding } from '@contracts/community';
import type { Society, SocietyPage, SocietyVisibility } from '@contracts/society';
import { Head, Link, router } from '@inertiajs/react';
import { societyApi, societyPaths } from '@/api/society';
import { EmptyState, FormField, Pagination, Select } from '@/components/ui';
import { StartGroupCard } from '@/components/community/StartGroupCard';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';

function SocietyCard({ s }: { s: Society }) {
  return (
    <li>
      <Link
        href={societyPaths.show(s.id)}
        className="block h-full rounded-card border border-line bg-surface p-4 shadow-card hover:border-brand-400"
      >
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-semibold text-ink">{s.name}</h3>
          {s.visibility === 'invite_only' && (
            <span className="rounded-full bg-surface-muted px-2 py-0.5 text-xs text-ink-muted">Invite-only</span>
          )}
        </div>
        <p className="mt-1 line-clamp-2 text-sm text-ink-muted">{s.description}</p>
        <p className="mt-2 text-xs text-ink-subtle">
          {s.members_count} members · {s.posts_count} posts{s.my_role ? ` · you: ${s.my_role}` : ''}
        </p>
      </Link>
    </li>
  );
}

/** Societies: public groups to browse, the ones you belong to, and creating one (trust level 2). */
export default function SocietyIndex({
  societies,
  mine,
  trust,
}: PageProps<{ societies: SocietyPage; mine: SocietyPage | null; trust: TrustStanding | null }>) {
  const form = useApiForm<{ name: string; description: string; visibility: SocietyVisibility }, { society: Society }>(
    { name: '', description: '', visibility: 'public' },
    { successMessage: 'Society created', onSuccess: (r) => router.visit(societyPaths.show(r.society.id)) },
  );
  return (
    <>
      <Head title="Societies" />
      <h1 className="text-headline font-semibold text-ink">Societies</h1>
      <p className="mb-6 text-sm text-ink-muted">Groups around a market, a style or a craft.</p>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-3">
        <section className="lg:col-span-2" aria-labelledby="browse">
          <h2 id="browse" className="mb-3 text-title font-semibold text-ink">
            Public societies
          </h2>
          {societies.data.length === 0 ? (
            <EmptyState title="No societies yet" description="Start the first one." />
          ) : (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              {societies.data.map((s) => (
                <SocietyCard key={s.id} s={s} />
              ))}
            </ul>
          )}
          <div className="mt-4">
            <Pagination of={societies} hrefFor={(p) => `${societyPaths.index}?page=${p}`} />
          </div>
        </section>
        <aside className="space-y-6">
          {mine && (
            <section aria-labelledby="mine">
              <h2 id="mine" className="mb-3 text-title font-semibold text-ink">
                Yours
              </h2>
              {mine.data.length ? (
                <ul className="space-y-3">
                  {mine.data.map((s) => (
                    <SocietyCard key={s.id} s={s} />
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-ink-muted">Join a society to see it here.</p>
              )}
            </section>
          )}
          {trust && (
            <StartGroupCard
              title="Start a society"
              action="Creating a society"
              trust={trust}
              allowed={trust.can.create_society}
              form={form}
              onSubmit={form.handleSubmit((v) => societyApi.create(v))}
            >
              <FormField label="Who can join" name="visibility" error={form.errors.visibility}>
                <Select
                  options={[
                    { value: 'public', label: 'Anyone' },
                    { value: 'invite_only', label: 'Invited people only' },
                  ]}
                  value={form.data.visibility}
                  onChange={(e) => form.set('visibility', e.target.value as SocietyVisibility)}
                />
              </FormField>
            </StartGroupCard>
          )}
        </aside>
      </div>
    </>
  );
}
