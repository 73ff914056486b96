import { useEffect, useState } from 'react';
import type { FairHousingWarning } from '@contracts/market';
import { marketApi } from '@/api/market';

/** Warns (never blocks) about description phrases commonly flagged under fair-housing rules, as the realtor types. */
export function FairHousingNotice({ text }: { text: string }) {
  const [warnings, setWarnings] = useState<FairHousingWarning[]>([]);
  useEffect(() => {
    if (!text.trim()) {
      setWarnings([]);
      return;
    }
    const timer = setTimeout(() => {
      void marketApi
        .fairHousingCheck(text)
        .then((r) => setWarnings(r.warnings))
        .catch(() => undefined);
    }, 600);
    return () => clearTimeout(timer);
  }, [text]);
  if (!warnings.length) return null;
  return (
    <div
      role="status"
      data-testid="fair-housing"
      className="rounded-control border border-amber-300 bg-amber-50 p-2 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="font-medium">Fair-housing check: consider rewording</p>
      <ul className="mt-1 list-disc pl-4">
        {warnings.map((w) => (
          <li key={`${w.index}-${w.phrase}`}>
            “{w.phrase}” {w.reason}; {w.suggestion}.
          </li>
        ))}
      </ul>
    </div>
  );
}
