import {
  CREATIVE_SKILLS,
  DELEGATION_SCOPES,
  type CreativeManager,
  type CreativeSkill,
  type DelegatedActivity,
  type DelegationGrant,
  type DelegationScope,
  type GrantStatus,
} from '@contracts/open-creative';
import { Link, router } from '@inertiajs/react';
import { useState } from 'react';
import { openCreativeApi, type ManagerFilters } from '@/api/open-creative';
import { Avatar } from '@/components/Avatar';
import { FilterForm } from '@/components/directory/parts';
import { ListingPicker } from '@/components/open-creative/ListingPicker';
import { Button, Checkbox, Input, Select, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { notify } from '@/lib/toast';
import { useAttempt } from '@/hooks/useAttempt';

export const SKILL_LABELS: Record<CreativeSkill, string> = {
  video_editing: 'Video editing',
  design: 'Design',
  photo: 'Photo',
};

const SCOPE_LABELS: Record<DelegationScope, string> = {
  'walkthroughs:read': 'See walkthroughs',
  'walkthroughs:edit': 'Edit walkthroughs',
  'spots:read': 'See spots',
  'spots:edit': 'Edit spots',
  'designs:read': 'See designs',
  'designs:edit': 'Edit designs',
};

const STATUS_CLASSES: Record<GrantStatus, string> = {
  pending: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200',
  active: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  expired: 'bg-surface-muted text-ink-muted',
  declined: 'bg-surface-muted text-ink-muted',
  revoked: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
};

/** Words and one skill; submitting visits `to(filters)`. */
export function ManagerFilterBar({ filters, to }: { filters: ManagerFilters; to: (f: ManagerFilters) => string }) {
  return (
    <FilterForm filters={filters} to={to} className="mb-6 grid grid-cols-1 gap-2 sm:grid-cols-[1fr_12rem_auto]">
      {(field) => (
        <>
          <Input aria-label="Search" placeholder="Search managers" {...field('q')} />
          <Select
            aria-label="Skill"
            {...field('skill')}
            options={[
              { value: '', label: 'All skills' },
              ...CREATIVE_SKILLS.map((s) => ({ value: s, label: SKILL_LABELS[s] })),
            ]}
          />
          <Button type="submit">Search</Button>
        </>
      )}
    </FilterForm>
  );
}

/** A manager in the marketplace; a signed-in realtor can offer them access from the card. */
export function ManagerCard({ m, canGrant }: { m: CreativeManager; canGrant: boolean }) {
  const [granting, setGranting] = useState(false);
  return (
    <li className="flex h-full flex-col gap-2 rounded-card border border-line bg-surface p-4 shadow-card">
      <div className="flex min-w-0 items-center gap-3">
        <Avatar name={m.user.name} url={m.user.avatarUrl} size="md" />
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-ink">{m.user.name}</h3>
          <p className="line-clamp-2 break-words text-sm text-ink-muted">{m.headline}</p>
        </div>
      </div>
      <p className="flex flex-wrap gap-1">
        {m.skills.map((s) => (
          <span key={s} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-accent-ink dark:bg-brand-900/30">
            {SKILL_LABELS[s]}
          </span>
        ))}
      </p>
      {m.rate_text && <p className="text-xs text-ink-subtle">{m.rate_text}</p>}
      {m.portfolio.length > 0 && (
        <p className="flex flex-wrap gap-x-3 text-xs">
          {m.portfolio.map((path, i) => (
            <Link key={path} href={path} className="text-accent-ink">
              Work {i + 1}
            </Link>
          ))}
        </p>
      )}
      {canGrant && !granting && (
        <Button type="button" size="sm" variant="secondary" className="mt-auto" onClick={() => setGranting(true)}>
          Give access
        </Button>
      )}
      {granting && <GrantForm managerId={m.id} onDone={() => setGranting(false)} />}
    </li>
  );
}

/** Scopes, every listing or the chosen ones, and an optional expiry. */
function GrantForm({ managerId, onDone }: { managerId: string; onDone: () => void }) {
  const form = useApiForm(
    { scopes: ['spots:read', 'spots:edit'] as DelegationScope[], listing_ids: null as string[] | null, expires: '' },
    { successMessage: (r: { message: string }) => r.message, onSuccess: () => (onDone(), router.reload()) },
  );
  const toggle = (s: DelegationScope) =>
    form.set(
      'scopes',
      form.data.scopes.includes(s) ? form.data.scopes.filter((x) => x !== s) : [...form.data.scopes, s],
    );
  return (
    <form
      className="mt-2 space-y-2 border-t border-line pt-2"
      onSubmit={form.handleSubmit((v) =>
        openCreativeApi.grant({
          manager_id: managerId,
          scopes: v.scopes,
          listing_ids: v.listing_ids,
          expires_at: v.expires ? new Date(v.expires).toISOString() : null,
        }),
      )}
    >
      <fieldset className="grid grid-cols-1 gap-1 sm:grid-cols-2">
        <legend className="mb-1 text-xs font-medium text-ink-muted">Permissions</legend>
        {DELEGATION_SCOPES.map((s) => (
          <Checkbox key={s} label={SCOPE_LABELS[s]} checked={form.data.scopes.includes(s)} onChange={() => toggle(s)} />
        ))}
      </fieldset>
      {form.errors.scopes && <p className="text-xs text-red-600 dark:text-red-400">{form.errors.scopes}</p>}
      <ListingPicker
        value={form.data.listing_ids}
        onChange={(ids) => form.set('listing_ids', ids)}
        error={form.errors.listing_ids}
      />
      <TextField
        label="Ends (optional)"
        type="datetime-local"
        {...form.field('expires')}
        error={form.errors.expires_at}
      />
      {form.errors.manager_id && <p className="text-xs text-red-600 dark:text-red-400">{form.errors.manager_id}</p>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={form.processing}>
          Send invitation
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Grants on one side: the realtor revokes theirs; the manager accepts, declines or gives back theirs. */
export function GrantList({ grants, side }: { grants: DelegationGrant[]; side: 'given' | 'received' }) {
  const { running: busy, attempt } = useAttempt();
  const run = async (id: string, action: (id: string) => Promise<{ message: string }>) => {
    await attempt(
      async () => {
        notify.success((await action(id)).message);
        router.reload();
      },
      'That did not work',
      id,
    );
  };
  if (!grants.length)
    return (
      <p className="text-sm text-ink-muted">
        {side === 'given' ? 'You have not given access to anyone.' : 'No realtor has invited you yet.'}
      </p>
    );
  return (
    <ul className="divide-y divide-line">
      {grants.map((g) => {
        const who = side === 'given' ? g.manager : g.owner;
        const open = g.status === 'pending' || g.status === 'active';
        return (
          <li key={g.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <div className="min-w-0 break-words">
              <p className="font-medium text-ink">
                {who.name}{' '}
                <span className={`rounded-full px-2 py-0.5 text-xs ${STATUS_CLASSES[g.status]}`}>{g.status}</span>
              </p>
              <p className="text-xs text-ink-muted">
                {g.scopes.map((s) => SCOPE_LABELS[s]).join(', ')}
                {g.listing_ids ? ` · ${g.listing_ids.length} listing(s)` : ' · all listings'}
                {g.expires_at ? ` · until ${new Date(g.expires_at).toLocaleString()}` : ''}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {side === 'given' && open && (
                <Button
                  size="sm"
                  variant="danger"
                  loading={busy === g.id}
                  onClick={() => void run(g.id, openCreativeApi.revoke)}
                >
                  Revoke
                </Button>
              )}
              {side === 'received' && g.status === 'pending' && (
                <Button size="sm" loading={busy === g.id} onClick={() => void run(g.id, openCreativeApi.accept)}>
                  Accept
                </Button>
              )}
              {side === 'received' && open && (
                <Button
                  size="sm"
                  variant="ghost"
                  loading={busy === g.id}
                  onClick={() => void run(g.id, openCreativeApi.decline)}
                >
                  {g.status === 'pending' ? 'Decline' : 'Give back'}
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** What managers did on the realtor's work, newest first. */
export function ActivityList({ items }: { items: DelegatedActivity[] }) {
  if (!items.length) return <p className="text-sm text-ink-muted">No delegated activity yet.</p>;
  return (
    <ol className="divide-y divide-line">
      {items.map((a) => (
        <li key={a.id} className="min-w-0 break-words py-2 text-sm">
          <p className="text-ink">
            <span className="font-medium">{a.manager?.name}</span> · {a.summary}
          </p>
          <p className="text-xs text-ink-subtle">
            {SCOPE_LABELS[a.scope]} · {new Date(a.created_at).toLocaleString()}
          </p>
        </li>
      ))}
    </ol>
  );
}
