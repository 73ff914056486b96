import { Button } from '@/components/ui';

/** Card footer with a save button and a short "Saved." confirmation. */
export function SaveBar({
  processing,
  saved,
  label = 'Save',
}: {
  processing: boolean;
  saved: boolean;
  label?: string;
}) {
  return (
    <div className="flex items-center gap-3">
      {saved && (
        <span role="status" className="text-sm text-emerald-600 dark:text-emerald-400">
          Saved.
        </span>
      )}
      <Button type="submit" loading={processing}>
        {label}
      </Button>
    </div>
  );
}
