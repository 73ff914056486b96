import { Head, router } from '@inertiajs/react';
import { useState } from 'react';
import { adminApi, adminPaths } from '@/api/admin';
import { Button, Card, DataTable, FormField, Input } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import type { PageProps } from '@/types';
import type { AdminLedgerRow, CreditUser } from '@contracts/credits';

interface Props {
  q: string;
  users: CreditUser[];
  recent: AdminLedgerRow[];
}

/** Admin Credits: find a user, grant credits with a reason, watch the ledger. */
export default function AdminCredits({ q, users, recent }: PageProps<Props>) {
  const [search, setSearch] = useState(q);
  const form = useApiForm(
    { user: '', amount: '10', reason: '' },
    {
      successMessage: (res: { message: string }) => res.message,
      errorFallback: 'Could not grant the credits',
      onSuccess: () => {
        form.reset();
        router.reload();
      },
    },
  );
  const grant = form.handleSubmit((values) => adminApi.grantCredits({ ...values, amount: Number(values.amount) }));
  const errors = form.errors;

  return (
    <>
      <Head title="Credits admin" />
      <h1 className="mb-6 text-2xl font-semibold text-slate-900 dark:text-white">Credits</h1>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card title="Grant credits">
          <form onSubmit={grant} className="space-y-4">
            <FormField label="User email" name="user" error={errors.user}>
              <Input
                type="text"
                value={form.data.user}
                onChange={(e) => form.set('user', e.target.value)}
                placeholder="name@example.com"
                required
              />
            </FormField>
            <FormField label="Credits" name="amount" error={errors.amount}>
              <Input
                type="number"
                min={1}
                max={10000}
                value={form.data.amount}
                onChange={(e) => form.set('amount', e.target.value)}
                required
              />
            </FormField>
            <FormField label="Reason" name="reason" error={errors.reason}>
              <Input
                value={form.data.reason}
                onChange={(e) => form.set('reason', e.target.value)}
                maxLength={150}
                required
                placeholder="Support goodwill"
              />
            </FormField>
            <Button type="submit" loading={form.processing}>
              Grant
            </Button>
          </form>
        </Card>
        <Card title="Find a user">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              router.get(adminPaths.credits, { q: search }, { preserveState: true });
            }}
            className="flex gap-2"
          >
            <Input
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder="Email or name"
              aria-label="Search users"
            />
            <Button type="submit" variant="secondary">
              Search
            </Button>
          </form>
          <ul className="mt-4 divide-y divide-line">
            {users.map((u) => (
              <li key={u.id} className="flex items-center justify-between gap-2 py-2 text-sm">
                <span className="min-w-0 truncate">
                  {u.name} <span className="text-slate-500">{u.email}</span>
                </span>
                <span className="flex items-center gap-2">
                  <span className="tabular-nums">{u.credits}</span>
                  <Button size="sm" variant="ghost" onClick={() => form.set('user', u.email)}>
                    Select
                  </Button>
                </span>
              </li>
            ))}
            {q && users.length === 0 && <li className="py-2 text-sm text-slate-500">No users match “{q}”.</li>}
          </ul>
        </Card>
      </div>
      <Card title="Latest ledger entries" className="mt-6" padded={false}>
        <DataTable
          rows={recent}
          rowKey={(r) => r.id}
          minWidth="min-w-[40rem]"
          columns={[
            { header: 'When', cell: (r) => new Date(r.created_at).toLocaleString(), className: 'text-slate-500' },
            { header: 'User', cell: (r) => r.user.email },
            { header: 'Kind', cell: (r) => r.kind, className: 'capitalize' },
            {
              header: 'Amount',
              cell: (r) => (r.amount > 0 ? `+${r.amount}` : r.amount),
              numeric: true,
              className: (r) => (r.amount < 0 ? 'text-red-600' : 'text-emerald-600'),
            },
            { header: 'Balance', cell: (r) => r.balance_after, numeric: true },
            { header: 'Reason', cell: (r) => r.reason },
          ]}
        />
      </Card>
    </>
  );
}
