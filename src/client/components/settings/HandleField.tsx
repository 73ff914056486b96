import { useEffect, useState } from 'react';
import { TextField } from '@/components/ui';
import { usersApi } from '@/api/users';
import { fieldErrorsOf } from '@/lib/errors';

type Check = { state: 'idle' | 'checking' | 'available' | 'unavailable'; message?: string };

export interface HandleFieldProps {
  userId: string;
  value: string;
  current: string | null;
  onChange: (value: string) => void;
  error?: string | null;
}

/** Handle input with a live server-side availability check (spec 5/7: POST /api/user/{id}/check-handle). */
export function HandleField({ userId, value, current, onChange, error }: HandleFieldProps) {
  const [check, setCheck] = useState<Check>({ state: 'idle' });

  useEffect(() => {
    if (!value || value === current) {
      setCheck({ state: 'idle' });
      return;
    }
    setCheck({ state: 'checking' });
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      usersApi
        .checkHandle(userId, value, { signal: controller.signal })
        .then(() => setCheck({ state: 'available' }))
        .catch((cause: unknown) => {
          if (controller.signal.aborted) return;
          const message = fieldErrorsOf(cause).handle || 'Could not check this handle right now.';
          setCheck({ state: 'unavailable', message });
        });
    }, 350);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [value, current, userId]);

  const hint =
    check.state === 'checking' ? (
      'Checking…'
    ) : check.state === 'available' ? (
      <span className="text-emerald-600 dark:text-emerald-400">@{value} is available</span>
    ) : (
      'Your public @name: 3–30 lowercase letters, digits, _ or .; leave empty for none.'
    );

  return (
    <TextField
      label="Handle"
      name="handle"
      autoComplete="username"
      value={value}
      onChange={(e) => onChange(e.target.value.toLowerCase().trim())}
      error={error || (check.state === 'unavailable' ? check.message : null)}
      hint={hint}
    />
  );
}
