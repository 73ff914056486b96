import { Head, router } from '@inertiajs/react';
import type { AdminAuditFilters, AdminAuditPage } from '@contracts/admin';
import { useState, type FormEvent } from 'react';
import { adminPaths } from '@/api/admin';
import { AuditList } from '@/components/admin/AuditList';
import { Button, Card, Input, Pagination, Select } from '@/components/ui';
import type { PageProps } from '@/types';

const present = (f: AdminAuditFilters) => Object.fromEntries(Object.entries(f).filter(([, v]) => v));

/** Admin Audit: the append-only trail of admin actions, filtered and paged. */
export default function AdminAudit({ entries, filters, actions }: PageProps<AdminAuditPage>) {
  const [f, setF] = useState(filters);
  const set = (k: keyof AdminAuditFilters) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    router.get(adminPaths.audit, present(f), { preserveState: true });
  };
  return (
    <>
      <Head title="Audit trail" />
      <div className="space-y-4">
        <h1 className="text-headline text-ink">Audit trail</h1>
        <form onSubmit={apply} className="grid grid-cols-1 gap-2 sm:grid-cols-3 lg:grid-cols-6">
          <Select
            aria-label="Action"
            value={f.action}
            onChange={set('action')}
            placeholder="Any action"
            options={actions.map((a) => ({ value: a, label: a }))}
          />
          <Input aria-label="Actor id" placeholder="Actor id" value={f.actor} onChange={set('actor')} />
          <Input
            aria-label="Subject type"
            placeholder="Subject type"
            value={f.subject_type}
            onChange={set('subject_type')}
          />
          <Input aria-label="Subject id" placeholder="Subject id" value={f.subject_id} onChange={set('subject_id')} />
          <Input aria-label="From" type="date" value={f.from} onChange={set('from')} />
          <Input aria-label="To" type="date" value={f.to} onChange={set('to')} />
          <Button type="submit" className="sm:col-span-3 lg:col-span-6 lg:justify-self-end">
            Filter
          </Button>
        </form>
        <Card padded={false}>
          <AuditList entries={entries.data} />
          <div className="p-3">
            <Pagination
              of={entries}
              hrefFor={(p) => `${adminPaths.audit}?${new URLSearchParams({ ...present(filters), page: String(p) })}`}
            />
          </div>
        </Card>
      </div>
    </>
  );
}
