import { useState } from 'react';
import { propertiesApi } from '@/api/properties';
import { FormField, Input, Spinner } from '@/components/ui';
import { errorMessage, fieldErrorsOf } from '@/lib/errors';
import { notify } from '@/lib/toast';

/** Photo uploads (the first photo is the cover) and deletes. */
export function MediaStep({
  slug,
  photos,
  onChange,
}: {
  slug: string;
  photos: Array<{ id: string; thumb_url: string }>;
  onChange: () => void;
}) {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (files: FileList | null) => {
    if (!files?.length) return;
    setUploading(true);
    setError(null);
    try {
      for (const file of Array.from(files)) await propertiesApi.uploadPhoto(slug, file);
      notify.success(files.length > 1 ? `${files.length} photos uploaded` : 'Photo uploaded');
      onChange();
    } catch (e) {
      const message = fieldErrorsOf(e).photo ?? errorMessage(e, 'Upload failed');
      setError(message);
      notify.error(message);
    } finally {
      setUploading(false);
    }
  };

  const remove = async (id: string) => {
    try {
      await propertiesApi.deleteUpload(id);
      notify.success('Photo deleted');
      onChange();
    } catch (e) {
      notify.error(errorMessage(e, 'Could not delete the photo'));
    }
  };

  return (
    <div className="space-y-3">
      <FormField label="Add photos (JPEG, PNG or WebP, up to 12 MB each)" name="photo" error={error ?? undefined}>
        <Input
          id="photo"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          disabled={uploading}
          onChange={(e) => void upload(e.target.files)}
          data-testid="photo-input"
        />
      </FormField>
      {uploading && <Spinner size="sm" label="Uploading" />}
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="photo-grid">
        {photos.map((p, i) => (
          <li key={p.id} className="relative overflow-hidden rounded-lg">
            <img src={p.thumb_url} alt={`Photo ${i + 1}`} className="h-28 w-full object-cover" />
            {i === 0 && (
              <span className="absolute left-1 top-1 rounded bg-black/60 px-1.5 text-xs text-white">Cover</span>
            )}
            <button
              type="button"
              onClick={() => void remove(p.id)}
              className="absolute right-1 top-1 rounded bg-black/60 px-1.5 text-xs text-white"
              aria-label={`Delete photo ${i + 1}`}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      {!photos.length && (
        <p className="text-sm text-slate-500 dark:text-slate-400">No photos yet. The first photo becomes the cover.</p>
      )}
    </div>
  );
}
