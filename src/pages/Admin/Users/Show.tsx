import { Head, Link } from '@inertiajs/react';
import type { AdminUserDetail } from '@contracts/admin';
import type { ReactNode } from 'react';
import { adminPaths } from '@/api/admin';
import { AuditList } from '@/components/admin/AuditList';
import { UserActions } from '@/components/admin/UserActions';
import { UserStateBadge } from '@/components/admin/UserStateBadge';
import { BackLink, Card } from '@/components/ui';
import { useAuthUser } from '@/hooks/useSharedProps';
import type { PageProps } from '@/types';

const day = (iso: string) => new Date(iso).toLocaleDateString();
const money = (minor: number, currency: string) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(minor / 100);

/** Admin Users/Show: profile, roles, teams, credits, orders, designs, sessions, audit, and the account actions. */
export default function AdminUsersShow({ user, types }: PageProps<{ user: AdminUserDetail; types: string[] }>) {
  const me = useAuthUser();
  return (
    <>
      <Head title={user.name} />
      <div className="space-y-4">
        <BackLink href={adminPaths.users}>Users</BackLink>
        <header className="flex flex-wrap items-center gap-3">
          {user.avatar_url && <img src={user.avatar_url} alt="" className="size-12 rounded-full object-cover" />}
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-headline text-ink">{user.name}</h1>
            <p className="truncate text-sm text-ink-muted">
              {user.email}
              {user.handle && ` · @${user.handle}`}
            </p>
          </div>
          <UserStateBadge state={user.state} />
        </header>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <Card title="Profile">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <Row label="Type">{user.type}</Row>
              <Row label="Role">{user.role}</Row>
              <Row label="Email verified">{user.email_verified ? 'yes' : 'no'}</Row>
              <Row label="Two-factor">{user.two_factor_enabled ? 'on' : 'off'}</Row>
              <Row label="Time zone">{user.timezone}</Row>
              <Row label="Image credits">{user.image_credits}</Row>
              <Row label="Joined">{day(user.created_at)}</Row>
              {user.bio && <Row label="Bio">{user.bio}</Row>}
            </dl>
          </Card>
          <UserActions user={user} types={types} isSelf={me?.id === user.id} />
          <Section title="Teams" empty={!user.teams.length}>
            {user.teams.map((t) => (
              <li key={t.id} className="flex justify-between gap-2 px-4 py-2 text-sm">
                <span className="truncate">{t.name}</span>
                <span className="text-ink-muted">{t.personal ? `${t.role} · personal` : t.role}</span>
              </li>
            ))}
          </Section>
          <Section title="Credits" empty={!user.credits.length}>
            {user.credits.map((c) => (
              <li key={c.id} className="flex justify-between gap-2 px-4 py-2 text-sm">
                <span className="truncate">{c.reason}</span>
                <span className="text-ink-muted tabular-nums">
                  {c.amount > 0 ? `+${c.amount}` : c.amount} → {c.balance_after}
                </span>
              </li>
            ))}
          </Section>
          <Section title="Orders" empty={!user.orders.length}>
            {user.orders.map((o) => (
              <li key={o.id} className="flex justify-between gap-2 px-4 py-2 text-sm">
                <span>{o.number}</span>
                <span className="text-ink-muted tabular-nums">
                  {o.status} · {money(o.total_minor, o.currency)}
                </span>
              </li>
            ))}
          </Section>
          <Section title="Designs" empty={!user.designs.length}>
            {user.designs.map((d) => (
              <li key={d.id} className="flex justify-between gap-2 px-4 py-2 text-sm">
                <span>{d.room_type ?? 'Design'}</span>
                <span className="text-ink-muted">
                  {d.status} · {day(d.at)}
                </span>
              </li>
            ))}
          </Section>
          <Section title="Sessions" empty={!user.sessions.length}>
            {user.sessions.map((s) => (
              <li key={s.id} className="px-4 py-2 text-sm">
                <span className="block truncate">{s.user_agent ?? 'Unknown browser'}</span>
                <span className="text-xs text-ink-muted">
                  {s.ip ?? '—'} · {new Date(s.last_active_at).toLocaleString()}
                </span>
              </li>
            ))}
          </Section>
        </div>
        <Card
          title="Audit"
          padded={false}
          actions={
            <Link href={adminPaths.auditOf('user', user.id)} className="text-sm text-accent-ink hover:underline">
              All
            </Link>
          }
        >
          <AuditList entries={user.audit} />
        </Card>
      </div>
    </>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-ink-subtle">{label}</dt>
      <dd className="break-words text-ink">{children}</dd>
    </>
  );
}

function Section({ title, empty, children }: { title: string; empty: boolean; children: ReactNode }) {
  return (
    <Card title={title} padded={false}>
      {empty ? (
        <p className="p-4 text-sm text-ink-muted">None.</p>
      ) : (
        <ul className="divide-y divide-line">{children}</ul>
      )}
    </Card>
  );
}
