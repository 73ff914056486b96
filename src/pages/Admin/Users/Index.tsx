import { Head, Link, router } from '@inertiajs/react';
import type { AdminUsersIndexProps } from '@contracts/admin';
import { useState, type FormEvent } from 'react';
import { adminPaths } from '@/api/admin';
import { UserBulkList } from '@/components/admin/UserBulkList';
import { UserBulkPanel } from '@/components/admin/UserBulkPanel';
import { UserStateBadge } from '@/components/admin/UserStateBadge';
import { Button, Card, EmptyState, Input, Pagination } from '@/components/ui';
import type { PageProps } from '@/types';

/** Admin Users: search by any part of email, handle or name (newest first); tick users to act on many at once. */
export default function AdminUsersIndex({ users, q, bulks }: PageProps<AdminUsersIndexProps>) {
  const [text, setText] = useState(q);
  const [selected, setSelected] = useState<string[]>([]);
  const search = (e: FormEvent) => {
    e.preventDefault();
    setSelected([]);
    router.get(adminPaths.users, text.trim() ? { q: text.trim() } : {}, { preserveState: true });
  };
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const pageIds = users.data.map((u) => u.id);
  const allTicked = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));
  return (
    <>
      <Head title="Users" />
      <div className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="text-headline text-ink">Users</h1>
          <p className="text-sm text-ink-muted tabular-nums">{users.total} found</p>
        </div>
        <form onSubmit={search} className="flex gap-2" role="search">
          <Input
            aria-label="Search users"
            placeholder="Email, handle or name"
            maxLength={120}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="min-w-0 flex-1"
          />
          <Button type="submit">Search</Button>
        </form>
        <UserBulkPanel
          selected={selected}
          q={q}
          total={users.total}
          onQueued={() => {
            setSelected([]);
            router.reload({ only: ['bulks'] });
          }}
        />
        <UserBulkList bulks={bulks} />
        <Card padded={false}>
          {users.data.length ? (
            <>
              <label className="flex items-center gap-3 border-b border-line px-4 py-2 text-sm text-ink-muted">
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  checked={allTicked}
                  onChange={() => setSelected(allTicked ? [] : pageIds)}
                />
                Select all on this page
              </label>
              <ul className="divide-y divide-line">
                {users.data.map((u) => (
                  <li key={u.id} className="flex items-center gap-3 pl-4 hover:bg-surface-muted">
                    <input
                      type="checkbox"
                      className="h-4 w-4 shrink-0 accent-brand-600"
                      aria-label={`Select ${u.name}`}
                      checked={selected.includes(u.id)}
                      onChange={() => toggle(u.id)}
                    />
                    <Link
                      href={adminPaths.user(u.id)}
                      className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-2 py-3 pr-4"
                      data-testid="admin-user-row"
                    >
                      <span className="min-w-0">
                        <span className="block truncate font-medium text-ink">{u.name}</span>
                        <span className="block truncate text-xs text-ink-muted">
                          {u.email}
                          {u.handle && ` · @${u.handle}`}
                        </span>
                      </span>
                      <span className="flex flex-wrap items-center gap-2 text-xs text-ink-muted">
                        {u.type}
                        {u.role === 'admin' && <strong className="text-accent-ink">admin</strong>}
                        <UserStateBadge state={u.state} />
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <EmptyState inset title="No users match" description="Try part of an email address, handle or name." />
          )}
          <div className="p-3">
            <Pagination
              of={users}
              hrefFor={(p) => `${adminPaths.users}?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`}
            />
          </div>
        </Card>
      </div>
    </>
  );
}
