import { Head, Link, router } from '@inertiajs/react';
import { useRef, useState, type FormEvent } from 'react';
import type { ContactsIndexProps, ImportReport } from '@contracts/crm';
import { crmApi, crmPaths } from '@/api/crm';
import { Button, Card, EmptyState, Input, Pagination, Select } from '@/components/ui';
import { useAttempt } from '@/hooks/useAttempt';
import { notify } from '@/lib/toast';

const label = (s: string) => s.replace(/_/g, ' ');

/** "1 contact", "2,345 contacts", or "10,000+ contacts" when the count stopped at its cap. */
const contactsTotal = (total: number, capped: boolean) =>
  `${total.toLocaleString('en-US')}${capped ? '+' : ''} ${total === 1 && !capped ? 'contact' : 'contacts'}`;

/** Contacts/Index: the book's people, searchable and filtered by stage, tag, source and agent; CSV in and out. */
export default function ContactsIndex({ book, contacts, filters, stages, sources, agents }: ContactsIndexProps) {
  const { attempt } = useAttempt();
  const [q, setQ] = useState(filters.q);
  const [report, setReport] = useState<ImportReport | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const manager = book.role === 'owner' || book.role === 'admin';
  const query = (over: Partial<typeof filters> & { page?: number }) => {
    const all: Record<string, string | number> = { ...filters, q, ...over };
    return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== '' && v !== 1));
  };
  const go = (over: Partial<typeof filters>) => router.get(crmPaths.contacts, query(over), { preserveState: true });
  const search = (e: FormEvent) => {
    e.preventDefault();
    go({ q });
  };
  const upload = async (f: File | undefined) => {
    if (!f) return;
    await attempt(async () => {
      const r = await crmApi.importCsv(f);
      setReport(r);
      notify.success(`Imported: ${r.created} new, ${r.merged} merged, ${r.skipped} skipped`);
      router.reload();
    }, 'Could not import the file');
    if (file.current) file.current.value = '';
  };

  return (
    <>
      <Head title="Contacts" />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-headline text-ink">Contacts</h1>
        <span className="text-sm text-ink-muted">{book.name}</span>
        <span className="text-sm text-ink-muted" data-testid="contacts-total">
          {contactsTotal(contacts.total, contacts.total_is_capped)}
        </span>
        {manager && (
          <div className="ms-auto flex gap-2">
            <Button size="sm" variant="secondary" onClick={() => file.current?.click()}>
              Import CSV
            </Button>
            <a className="text-sm text-accent-ink underline" href={crmPaths.export}>
              Export CSV
            </a>
            <input
              ref={file}
              type="file"
              accept=".csv,text/csv"
              className="hidden"
              aria-label="CSV file"
              onChange={(e) => upload(e.target.files?.[0])}
            />
          </div>
        )}
      </div>
      {report && report.skipped > 0 && (
        <Card title="Skipped rows" className="mb-4">
          <ul className="text-sm text-ink-muted">
            {report.rows
              .filter((r) => r.outcome === 'skipped')
              .slice(0, 20)
              .map((r) => (
                <li key={r.line}>
                  Line {r.line}: {r.reason}
                </li>
              ))}
          </ul>
        </Card>
      )}
      <form onSubmit={search} className="mb-4 grid gap-2 sm:grid-cols-5">
        <Input
          aria-label="Search contacts"
          placeholder="Name, email or phone"
          maxLength={100}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className="sm:col-span-2"
        />
        <Select
          aria-label="Stage"
          value={filters.stage}
          onChange={(e) => go({ stage: e.target.value })}
          options={[{ value: '', label: 'Every stage' }, ...stages.map((s) => ({ value: s, label: label(s) }))]}
        />
        <Select
          aria-label="Source"
          value={filters.source}
          onChange={(e) => go({ source: e.target.value })}
          options={[{ value: '', label: 'Every source' }, ...sources.map((s) => ({ value: s, label: label(s) }))]}
        />
        {manager ? (
          <Select
            aria-label="Agent"
            value={filters.agent}
            onChange={(e) => go({ agent: e.target.value })}
            options={[{ value: '', label: 'Every agent' }, ...agents.map((a) => ({ value: a.id, label: a.name }))]}
          />
        ) : (
          <Input
            aria-label="Tag"
            placeholder="Tag"
            defaultValue={filters.tag}
            onBlur={(e) => e.target.value !== filters.tag && go({ tag: e.target.value })}
          />
        )}
      </form>
      <Card padded={false}>
        {contacts.data.length === 0 ? (
          <EmptyState title="No contacts yet" description="Leads from your listings, forms and imports appear here." />
        ) : (
          <ul className="divide-y divide-line">
            {contacts.data.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3">
                <Link href={crmPaths.contact(c.id)} className="min-w-0 flex-1 font-medium text-ink hover:underline">
                  {c.name || c.email || c.phone || 'Unnamed'}
                  <span className="block truncate text-sm font-normal text-ink-muted">
                    {[c.email, c.phone].filter(Boolean).join(' · ')}
                  </span>
                </Link>
                <span className="rounded-control bg-surface-muted px-2 py-0.5 text-xs text-ink">{label(c.stage)}</span>
                <span className="text-xs text-ink-subtle">{label(c.source)}</span>
                {c.tags.map((t) => (
                  <button key={t} type="button" className="text-xs text-accent-ink" onClick={() => go({ tag: t })}>
                    #{t}
                  </button>
                ))}
                <span className="text-xs text-ink-subtle">{c.agent?.name ?? 'Unassigned'}</span>
              </li>
            ))}
          </ul>
        )}
        {(contacts.last_page > 1 || contacts.total_is_capped) && (
          <Pagination
            className="p-4"
            of={contacts}
            openEnded={contacts.total_is_capped && contacts.data.length > 0}
            onPageChange={(page) => router.get(crmPaths.contacts, query({ page }))}
          />
        )}
      </Card>
    </>
  );
}
