import { useState } from 'react';
import type { Upload } from '@contracts/properties';

export function PhotoGallery({ photos, name }: { photos: Upload[]; name: string }) {
  const [index, setIndex] = useState(0);
  if (!photos.length)
    return (
      <div className="flex h-56 items-center justify-center rounded-xl bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        No photos yet
      </div>
    );
  const current = photos[Math.min(index, photos.length - 1)];
  return (
    <div>
      <img
        src={current.web_url}
        alt={`${name}, photo ${index + 1} of ${photos.length}`}
        className="h-64 w-full rounded-xl object-cover sm:h-96"
      />
      {photos.length > 1 && (
        <div className="mt-2 flex gap-2 overflow-x-auto">
          {photos.map((p, i) => (
            <button
              key={p.id}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`Photo ${i + 1}`}
              className={`h-14 w-20 shrink-0 overflow-hidden rounded-md border-2 ${i === index ? 'border-indigo-500' : 'border-transparent'}`}
            >
              <img src={p.thumb_url} alt="" className="h-full w-full object-cover" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
