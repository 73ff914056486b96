import type { AdminUserDetail } from '@contracts/admin';
import { useState } from 'react';
import { adminApi } from '@/api/admin';
import { Button, Card, FormField, Input, Select } from '@/components/ui';
import { reloadWithMessage } from '@/lib/actions';
import { confirmed } from './confirmed';

/** The audited account actions on a user's page; destructive ones ask for a recent password first. */
export function UserActions({ user, types, isSelf }: { user: AdminUserDetail; types: string[]; isSelf: boolean }) {
  const [type, setType] = useState(user.type);
  const [role, setRole] = useState<string>(user.role);
  const [reason, setReason] = useState('');
  const [confirmEmail, setConfirmEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const deleted = user.state === 'deleted';
  const run = async <R,>(action: () => Promise<R>, done: (r: R) => void) => {
    setBusy(true);
    const result = await confirmed(action);
    setBusy(false);
    if (result !== undefined) done(result);
  };
  /** Runs the call and, once it is through, toasts the server's message and reloads the page's props. */
  const act = (action: () => Promise<{ message: string }>) => run(action, (r) => reloadWithMessage(r));

  if (deleted) return <Card title="Actions">This account was deleted; nothing more can be done with it.</Card>;
  return (
    <Card title="Actions">
      <div className="space-y-5">
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <FormField label="Type" name="type">
            <Select
              value={type}
              onChange={(e) => setType(e.target.value)}
              options={types.map((t) => ({ value: t, label: t }))}
            />
          </FormField>
          <FormField label="Role" name="role">
            <Select
              value={role}
              disabled={isSelf}
              onChange={(e) => setRole(e.target.value)}
              options={[
                { value: 'user', label: 'user' },
                { value: 'admin', label: 'admin' },
              ]}
            />
          </FormField>
          <Button
            loading={busy}
            onClick={() => act(() => adminApi.changeRole(user.id, { type, ...(isSelf ? {} : { role }) }))}
          >
            Save
          </Button>
        </div>
        {user.state === 'suspended' ? (
          <div className="flex flex-wrap items-center gap-2">
            <p className="flex-1 text-sm text-ink-muted">Suspended: {user.suspension_reason}</p>
            <Button variant="secondary" loading={busy} onClick={() => act(() => adminApi.restore(user.id))}>
              Restore
            </Button>
          </div>
        ) : (
          user.role !== 'admin' && (
            <div className="flex flex-wrap items-end gap-2">
              <FormField label="Reason for suspension" name="reason" className="min-w-0 flex-1">
                <Input
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  placeholder="Shown in the audit trail"
                />
              </FormField>
              <Button variant="danger" loading={busy} onClick={() => act(() => adminApi.suspend(user.id, reason))}>
                Suspend
              </Button>
            </div>
          )
        )}
        <div className="flex flex-wrap gap-2">
          {!user.email_verified && (
            <Button variant="secondary" loading={busy} onClick={() => act(() => adminApi.resendVerification(user.id))}>
              Resend verification
            </Button>
          )}
          {user.role !== 'admin' && user.state === 'active' && (
            <Button
              variant="secondary"
              loading={busy}
              onClick={() =>
                run(
                  () => adminApi.impersonate(user.id),
                  (r) => window.location.assign(r.redirect),
                )
              }
            >
              Impersonate
            </Button>
          )}
        </div>
        {user.role !== 'admin' && (
          <div className="flex flex-wrap items-end gap-2 border-t border-line pt-4">
            <FormField label="Delete on request: type the email address" name="confirm" className="min-w-0 flex-1">
              <Input value={confirmEmail} onChange={(e) => setConfirmEmail(e.target.value)} placeholder={user.email} />
            </FormField>
            <Button
              variant="danger"
              loading={busy}
              disabled={confirmEmail.trim().toLowerCase() !== user.email}
              onClick={() => act(() => adminApi.deleteUser(user.id, confirmEmail))}
            >
              Delete account
            </Button>
          </div>
        )}
      </div>
    </Card>
  );
}
