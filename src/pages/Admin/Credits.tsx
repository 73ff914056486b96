import { Head, router } from '@inertiajs/react';
import { useState } from 'react';
import { adminApi, adminPaths } from '@/api/admin';
import { Button, Card, FormField, Input } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { cn } from '@/lib/cn';
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
      <div className="grid gap-6 lg:grid-cols-2">
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
          <ul className="mt-4 divide-y divide-slate-100 dark:divide-slate-800">
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
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-sm">
            <thead className="text-left text-slate-500 dark:text-slate-400">
              <tr>
                <th className="px-5 py-2 font-medium">When</th>
                <th className="px-3 py-2 font-medium">User</th>
                <th className="px-3 py-2 font-medium">Kind</th>
                <th className="px-3 py-2 text-right font-medium">Amount</th>
                <th className="px-3 py-2 text-right font-medium">Balance</th>
                <th className="px-5 py-2 font-medium">Reason</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {recent.map((r) => (
                <tr key={r.id}>
                  <td className="px-5 py-2 text-slate-500">{new Date(r.created_at).toLocaleString()}</td>
                  <td className="px-3 py-2">{r.user.email}</td>
                  <td className="px-3 py-2 capitalize">{r.kind}</td>
                  <td
                    className={cn(
                      'px-3 py-2 text-right tabular-nums',
                      r.amount < 0 ? 'text-red-600' : 'text-emerald-600',
                    )}
                  >
                    {r.amount > 0 ? `+${r.amount}` : r.amount}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{r.balance_after}</td>
                  <td className="px-5 py-2">{r.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </>
  );
}
