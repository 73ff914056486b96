import { useEffect, useState } from 'react';
import { Button, Select } from '@/components/ui';
import { marketApi, type AlertEmails, type SavedSearch } from '@/api/market';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { useAttempt } from '@/hooks/useAttempt';

interface Props {
  /** The search on screen, as saved-search parameters, and a name to suggest. */
  current: () => { name: string; params: Record<string, unknown> };
  onApply: (s: SavedSearch) => void;
}

const EMAIL_CHOICES: Array<{ value: AlertEmails; label: string }> = [
  { value: 'instant', label: 'Email matches at once' },
  { value: 'daily', label: 'Email a daily digest' },
  { value: 'off', label: 'No alert emails' },
];

/** The signed-in buyer's saved searches: save the current one, apply, alerts on/off, delete, email choice. */
export function SavedSearchBar({ current, onApply }: Props) {
  const { attempt } = useAttempt();
  const [saved, setSaved] = useState<SavedSearch[]>([]);
  const [email, setEmail] = useState<AlertEmails | null>(null);

  useEffect(() => {
    void marketApi
      .savedSearches()
      .then((r) => setSaved(r.saved_searches))
      .catch(() => undefined);
    void marketApi
      .alertSettings()
      .then((r) => setEmail(r.email))
      .catch(() => undefined);
  }, []);

  const save = async () => {
    const { name: suggested, params } = current();
    const name = window.prompt('Name this search', suggested);
    if (!name) return;
    await attempt(async () => {
      const res = await marketApi.saveSearch(name, params);
      setSaved((s) => [res.saved_search, ...s]);
      notify.success('Search saved: we will tell you about new matches');
    }, 'Could not save the search');
  };

  const toggle = async (s: SavedSearch) => {
    await attempt(async () => {
      const res = await marketApi.setSavedSearchAlerts(s.id, !s.alerts);
      setSaved((list) => list.map((x) => (x.id === s.id ? res.saved_search : x)));
    }, 'Could not change the alerts');
  };

  const remove = async (id: string) => {
    await marketApi.deleteSavedSearch(id).catch(() => undefined);
    setSaved((s) => s.filter((x) => x.id !== id));
  };

  const changeEmail = async (next: AlertEmails) => {
    setEmail(next);
    await marketApi.setAlertSettings(next).catch((e) => notify.error(errorMessage(e, 'Could not save')));
  };

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="saved-searches">
      <Button size="sm" variant="ghost" onClick={() => void save()} data-testid="save-search">
        Save this search
      </Button>
      {saved.map((s) => (
        <span key={s.id} className="flex items-center gap-1 rounded-full bg-surface-muted px-2 py-0.5">
          <button
            type="button"
            onClick={() => onApply(s)}
            className="text-brand-700 hover:underline dark:text-brand-300"
          >
            {s.name}
          </button>
          <button
            type="button"
            aria-label={s.alerts ? `Turn off alerts for ${s.name}` : `Turn on alerts for ${s.name}`}
            aria-pressed={s.alerts}
            onClick={() => void toggle(s)}
            className={s.alerts ? 'text-brand-600 dark:text-brand-300' : 'text-ink-subtle line-through'}
          >
            alerts
          </button>
          <button
            type="button"
            aria-label={`Delete saved search ${s.name}`}
            onClick={() => void remove(s.id)}
            className="text-ink-subtle"
          >
            ×
          </button>
        </span>
      ))}
      {email && saved.length > 0 && (
        <Select
          aria-label="Alert emails"
          value={email}
          onChange={(e) => void changeEmail(e.target.value as AlertEmails)}
          options={EMAIL_CHOICES}
        />
      )}
    </div>
  );
}
