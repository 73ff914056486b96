import type { GrantListingChoice } from '@contracts/open-creative';
import { useEffect, useState } from 'react';
import { openCreativeApi } from '@/api/open-creative';
import { Button, Checkbox, Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/errors';

/**
 * Which of the realtor's listings a grant covers: all of them (`null`) or the chosen ones. The realtor's listings
 * load a page at a time when "Only some listings" is picked; the server checks each id is theirs.
 */
export function ListingPicker({
  value,
  onChange,
  error,
}: {
  value: string[] | null;
  onChange: (ids: string[] | null) => void;
  error?: string;
}) {
  const [choices, setChoices] = useState<GrantListingChoice[]>([]);
  const [next, setNext] = useState<number | null>(1);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const some = value !== null;

  const load = (page: number) => {
    setLoading(true);
    openCreativeApi
      .listings(page)
      .then((p) => {
        setChoices((had) => [...had, ...p.data.filter((c) => !had.some((h) => h.id === c.id))]);
        setNext(p.current_page < p.last_page ? p.current_page + 1 : null);
        setFailure(null);
      })
      .catch((e: unknown) => setFailure(errorMessage(e, 'Your listings could not be loaded.')))
      .finally(() => setLoading(false));
  };
  useEffect(() => {
    if (some && choices.length === 0 && next === 1) load(1);
    // Loads the first page once, when the realtor first asks for some listings.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [some]);

  const toggle = (id: string) => onChange(value?.includes(id) ? value.filter((x) => x !== id) : [...(value ?? []), id]);

  return (
    <fieldset className="min-w-0 space-y-1">
      <legend className="mb-1 text-xs font-medium text-ink-muted">Listings</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink">
        <label className="inline-flex items-center gap-2">
          <input type="radio" className="accent-brand-600" checked={!some} onChange={() => onChange(null)} />
          All my listings
        </label>
        <label className="inline-flex items-center gap-2">
          <input type="radio" className="accent-brand-600" checked={some} onChange={() => onChange(value ?? [])} />
          Only some listings
        </label>
      </div>
      {some && (
        <div className="max-h-48 space-y-1 overflow-y-auto rounded-control border border-line bg-surface-muted p-2">
          {choices.map((c) => (
            <Checkbox
              key={c.id}
              label={<span className="break-words">{c.name}</span>}
              checked={value.includes(c.id)}
              onChange={() => toggle(c.id)}
            />
          ))}
          {!loading && next === null && choices.length === 0 && (
            <p className="text-xs text-ink-muted">You have no listings yet.</p>
          )}
          {loading && <Spinner size="sm" />}
          {failure && <p className="text-xs text-red-600 dark:text-red-400">{failure}</p>}
          {!loading && next !== null && choices.length > 0 && (
            <Button type="button" size="sm" variant="ghost" onClick={() => load(next)}>
              More listings
            </Button>
          )}
        </div>
      )}
      {error && <p className="text-xs text-red-600 dark:text-red-400">{error}</p>}
    </fieldset>
  );
}
