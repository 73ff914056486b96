import { Link, router } from '@inertiajs/react';
import { useState } from 'react';
import type { AffiliateJson, GuidelinesJson, MaterialJson } from '@contracts/affiliates';
import type { Page } from '@contracts/common';
import { affiliatePaths, affiliatesAdminApi } from '@/api/affiliates';
import {
  Button,
  Card,
  DividedList,
  EmptyState,
  FileField,
  Input,
  Pagination,
  Select,
  TextAreaField,
  TextField,
} from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { formatDate, StatusBadge } from './parts';

type Act = (work: () => Promise<unknown>, done: string) => Promise<void>;

const STATUSES = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Applications (pending)' },
  { value: 'approved', label: 'Approved' },
  { value: 'banned', label: 'Banned' },
  { value: 'rejected', label: 'Rejected' },
];

/** Applications queue and every affiliate: filter, search, approve, reject, ban and unban with a reason. */
export function ApplicationsTab({
  filters,
  affiliates,
  act,
}: {
  filters: { status: string | null; search: string };
  affiliates: Page<AffiliateJson>;
  act: Act;
}) {
  const [search, setSearch] = useState(filters.search);
  const visit = (query: Record<string, string | number | null>) =>
    router.get(affiliatePaths.admin, { status: filters.status, search, ...query }, { preserveState: true });
  const withReason = (label: string, run: (reason: string) => Promise<unknown>, done: string) => {
    const reason = window.prompt(`${label}: reason (shown to the affiliate)`);
    if (reason) void act(() => run(reason), done);
  };
  return (
    <Card padded={false}>
      <div className="flex flex-col gap-2 border-b border-slate-100 p-4 sm:flex-row dark:border-slate-800">
        <Select
          aria-label="Status"
          options={STATUSES}
          value={filters.status ?? ''}
          onChange={(e) => visit({ status: e.target.value || null, page: 1 })}
        />
        <form onSubmit={(e) => (e.preventDefault(), visit({ page: 1 }))} className="flex flex-1 gap-2">
          <Input
            aria-label="Search"
            placeholder="Name, email or code"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </div>
      <DividedList items={affiliates.data} empty={<EmptyState inset title="No affiliates match" />}>
        {(a) => (
          <li
            key={a.id}
            className="flex flex-col gap-2 px-4 py-3 text-sm lg:flex-row lg:items-center lg:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-900 dark:text-white">
                <Link href={affiliatePaths.adminAffiliate(a.id)} className="hover:underline">
                  {a.user_name}
                </Link>{' '}
                <span className="font-mono text-xs text-slate-500">{a.code}</span> <StatusBadge status={a.status} />
              </p>
              <p className="truncate text-slate-600 dark:text-slate-400">
                {a.user_email} · {a.payout_method} · applied {formatDate(a.created_at)}
              </p>
              {a.audience && <p className="line-clamp-2 text-slate-500">{a.audience}</p>}
              {a.status_reason && <p className="text-red-700 dark:text-red-300">{a.status_reason}</p>}
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              {a.status === 'pending' && (
                <>
                  <Button size="sm" onClick={() => act(() => affiliatesAdminApi.approve(a.id), 'Approved')}>
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => withReason('Reject', (r) => affiliatesAdminApi.reject(a.id, r), 'Rejected')}
                  >
                    Reject
                  </Button>
                </>
              )}
              {a.status === 'approved' && (
                <>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => act(() => affiliatesAdminApi.taxLink(a.id), 'Tax form link sent')}
                  >
                    Send tax link
                  </Button>
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => withReason('Ban', (r) => affiliatesAdminApi.ban(a.id, r), 'Banned')}
                  >
                    Ban
                  </Button>
                </>
              )}
              {a.status === 'banned' && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => act(() => affiliatesAdminApi.unban(a.id), 'Unbanned: commissions restored')}
                >
                  Unban
                </Button>
              )}
            </div>
          </li>
        )}
      </DividedList>
      <Pagination className="p-4" of={affiliates} onPageChange={(page) => visit({ page })} />
    </Card>
  );
}

/** Guidelines editor: publishing makes a new version that every affiliate must accept before links track again. */
export function GuidelinesTab({ guidelines }: { guidelines: GuidelinesJson | null }) {
  const form = useApiForm(
    { body: guidelines?.body ?? '' },
    { successMessage: 'New version published', onSuccess: () => router.reload() },
  );
  return (
    <Card
      title={`Guidelines ${guidelines ? `(version ${guidelines.version}, ${formatDate(guidelines.published_at)})` : ''}`}
      description="Publishing creates a new version; affiliates accept it from their dashboard."
    >
      <form onSubmit={form.handleSubmit((v) => affiliatesAdminApi.publishGuidelines(v.body))} className="space-y-3">
        <TextAreaField label="Text" inputClassName="min-h-48" {...form.field('body')} />
        <Button type="submit" loading={form.processing}>
          Publish new version
        </Button>
      </form>
    </Card>
  );
}

/** Marketing materials library: images and copy affiliates share with their tracked links. */
export function MaterialsTab({ materials }: { materials: MaterialJson[] }) {
  const [image, setImage] = useState<File | null>(null);
  const form = useApiForm(
    { title: '', body: '' },
    { successMessage: 'Material added', onSuccess: () => router.reload() },
  );
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card title="Add material">
        <form
          onSubmit={form.handleSubmit((v) => affiliatesAdminApi.addMaterial(v.title, v.body, image))}
          className="space-y-3"
        >
          <TextField label="Title" {...form.field('title')} />
          <TextAreaField label="Copy" inputClassName="min-h-24" {...form.field('body')} />
          <FileField
            label="Image (optional)"
            name="image"
            error={form.errors.image}
            accept="image/*"
            onFile={setImage}
            inputClassName="block text-sm"
          />
          <Button type="submit" loading={form.processing}>
            Add
          </Button>
        </form>
      </Card>
      <Card title={`Library (${materials.length})`}>
        <DividedList items={materials} empty={<EmptyState title="No materials yet" />} className="text-sm">
          {(m) => (
            <li key={m.id} className="py-2 text-slate-900 dark:text-white">
              {m.title} <span className="text-slate-500">· {m.kind}</span>
            </li>
          )}
        </DividedList>
      </Card>
    </div>
  );
}
