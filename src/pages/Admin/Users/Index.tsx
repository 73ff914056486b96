import { Head, Link, router } from '@inertiajs/react';
import type { AdminUserRow } from '@contracts/admin';
import type { Page } from '@contracts/common';
import { useState, type FormEvent } from 'react';
import { adminPaths } from '@/api/admin';
import { UserStateBadge } from '@/components/admin/UserStateBadge';
import { Button, Card, EmptyState, Input, Pagination } from '@/components/ui';
import type { PageProps } from '@/types';

/** Admin Users: search by any part of email, handle or name; newest first. */
export default function AdminUsersIndex({ users, q }: PageProps<{ users: Page<AdminUserRow>; q: string }>) {
  const [text, setText] = useState(q);
  const search = (e: FormEvent) => {
    e.preventDefault();
    router.get(adminPaths.users, text.trim() ? { q: text.trim() } : {}, { preserveState: true });
  };
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
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="min-w-0 flex-1"
          />
          <Button type="submit">Search</Button>
        </form>
        <Card padded={false}>
          {users.data.length ? (
            <ul className="divide-y divide-line">
              {users.data.map((u) => (
                <li key={u.id}>
                  <Link
                    href={adminPaths.user(u.id)}
                    className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 hover:bg-surface-muted"
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
          ) : (
            <div className="p-5">
              <EmptyState title="No users match" description="Try part of an email address, handle or name." />
            </div>
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
