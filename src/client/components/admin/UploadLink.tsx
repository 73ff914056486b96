import { cn } from '@/lib/cn';

/**
 * The admin catalogue's upload link (an asset's preview, a sticker's image): a label in the accent colour that
 * opens the file picker and hands the chosen file to `onFile`.
 */
export function UploadLink({
  label,
  accept,
  onFile,
  className,
}: {
  label: string;
  accept: string;
  onFile: (file: File) => void;
  className?: string;
}) {
  return (
    <label className={cn('cursor-pointer text-sm text-accent-ink', className)}>
      {label}
      <input
        type="file"
        accept={accept}
        className="sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
