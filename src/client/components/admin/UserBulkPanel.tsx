import type { UserBulkAction, UserBulkJson } from '@contracts/admin';
import { USER_BULK_LIMIT } from '@contracts/admin';
import { adminApi } from '@/api/admin';
import { Button, Card, FieldError, Select, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { askedForPassword } from './confirmed';

export const BULK_ACTION_LABELS: Record<UserBulkAction, string> = {
  suspend: 'Suspend',
  restore: 'Restore',
  resend_verification: 'Re-send verification email',
};

interface UserBulkPanelProps {
  /** Users ticked on this page. */
  selected: string[];
  /** The current search and how many users match it (the "all matching" target). */
  q: string;
  total: number;
  onQueued: (bulk: UserBulkJson) => void;
}

/** Starts one action on the ticked users, or on every user matching the search; the work runs as a job. */
export function UserBulkPanel({ selected, q, total, onQueued }: UserBulkPanelProps) {
  const form = useApiForm(
    { action: 'suspend' as UserBulkAction, reason: '' },
    { successMessage: (r: { message: string }) => r.message, onError: askedForPassword },
  );
  const start = (target: { user_ids: string[] } | { match: string }) =>
    form.submit(async (v) => {
      const answer = await adminApi.startBulk({
        action: v.action,
        ...(v.action === 'suspend' ? { reason: v.reason } : {}),
        ...target,
      });
      onQueued(answer.bulk);
      return answer;
    });
  const allMatching = q !== '' && total > 0 && total <= USER_BULK_LIMIT;
  return (
    <Card title="Act on many users">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[minmax(0,14rem)_1fr] sm:items-start">
        <Select
          aria-label="Bulk action"
          value={form.data.action}
          onChange={(e) => form.set('action', e.target.value as UserBulkAction)}
          options={Object.entries(BULK_ACTION_LABELS).map(([value, label]) => ({ value, label }))}
        />
        {form.data.action === 'suspend' && (
          <TextField label="Reason" placeholder="Shown to each suspended user" {...form.field('reason')} />
        )}
      </div>
      <FieldError message={form.errors.user_ids ?? form.errors.match} />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button disabled={!selected.length} loading={form.processing} onClick={() => start({ user_ids: selected })}>
          Apply to {selected.length} selected
        </Button>
        {allMatching && (
          <Button variant="secondary" loading={form.processing} onClick={() => start({ match: q })}>
            Apply to all {total} matching “{q}”
          </Button>
        )}
      </div>
    </Card>
  );
}
