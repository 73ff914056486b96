import { useCallback, useRef, useState } from 'react';
import { errorMessage, fieldErrorsOf } from '../lib/errors';
import { notify } from '../lib/toast';

/** What `form.field(name)` binds on a control: hand it to a component that renders one field. */
export interface BoundField {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}

export interface ApiFormOptions<R> {
  /** Toast shown after success (none when omitted). */
  successMessage?: string | ((result: R) => string);
  /** Toast shown on failure when the server sent no message. */
  errorFallback?: string;
  onSuccess?: (result: R) => void;
  /** Called on failure; answering true means it handled the failure, so no field errors and no toast. */
  onError?: (error: unknown) => boolean | void;
}

/**
 * The one form hook for JSON API forms (Inertia form posts use Inertia's `useForm`): holds the values, the
 * processing flag and the 422 field errors, and toasts the outcome. `submit` receives the current values and
 * returns the API call's promise, so pages never touch URLs or error plumbing:
 *
 *   const form = useApiForm({ title: '' }, { successMessage: 'Saved' });
 *   <form onSubmit={form.handleSubmit((values) => sweepstakesApi.create(values))}>
 */
export function useApiForm<T extends Record<string, unknown>, R = unknown>(
  initial: T,
  options: ApiFormOptions<R> = {},
) {
  const [data, setData] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [processing, setProcessing] = useState(false);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const set = useCallback(<K extends keyof T>(field: K, value: T[K]) => {
    setData((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }, []);

  const submit = useCallback(
    async (action: (values: T) => Promise<R>): Promise<R | undefined> => {
      const { successMessage, errorFallback, onSuccess, onError } = optionsRef.current;
      setProcessing(true);
      setErrors({});
      try {
        const result = await action(data);
        if (successMessage)
          notify.success(typeof successMessage === 'function' ? successMessage(result) : successMessage);
        onSuccess?.(result);
        return result;
      } catch (error) {
        // onError answering true has dealt with the failure itself (e.g. sent the user to confirm their password).
        if (onError?.(error) === true) return undefined;
        setErrors(fieldErrorsOf(error));
        notify.error(errorMessage(error, errorFallback));
        return undefined;
      } finally {
        setProcessing(false);
      }
    },
    [data],
  );

  const handleSubmit = useCallback(
    (action: (values: T) => Promise<R>) => (event?: { preventDefault(): void }) => {
      event?.preventDefault();
      void submit(action);
    },
    [submit],
  );

  /** Props for a text control bound to a string field: `<TextField label="City" {...form.field('city')} />`. */
  const field = <K extends keyof T & string>(name: K): BoundField => ({
    name,
    value: String(data[name] ?? ''),
    error: errors[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value as T[K]),
  });

  return {
    data,
    setData,
    set,
    field,
    errors,
    setErrors,
    processing,
    submit,
    handleSubmit,
    reset: () => setData(initial),
  };
}
