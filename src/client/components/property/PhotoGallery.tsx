import { useCallback, useEffect, useRef, useState } from 'react';
import type { Upload } from '@contracts/properties';
import { CloseIcon } from '@/components/icons';
import { cn } from '@/lib/cn';

/**
 * A listing's photos: one large and up to four small tiles (a single wide photo on a phone); any tile opens
 * the lightbox at that photo.
 */
export function PhotoGallery({ photos, name }: { photos: Upload[]; name: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (!photos.length)
    return (
      <div className="flex h-56 items-center justify-center rounded-card bg-surface-muted text-ink-subtle sm:h-80">
        No photos yet
      </div>
    );
  const tiles = photos.slice(0, 5);
  return (
    <div className="relative" data-testid="photo-gallery">
      <div
        className={cn(
          'grid h-64 gap-2 overflow-hidden rounded-card sm:h-[26rem]',
          tiles.length > 1 && 'md:grid-cols-4 md:grid-rows-2',
        )}
      >
        {tiles.map((photo, i) => (
          <button
            key={photo.id}
            type="button"
            onClick={() => setOpen(i)}
            aria-label={`Open photo ${i + 1} of ${photos.length}`}
            className={cn(
              'group relative overflow-hidden bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
              i === 0 ? 'md:col-span-2 md:row-span-2' : 'hidden md:block',
              tileSpan(tiles.length, i),
            )}
          >
            <img
              src={i === 0 ? photo.web_url : photo.thumb_url}
              alt={i === 0 ? `${name}, photo 1 of ${photos.length}` : ''}
              className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]"
            />
          </button>
        ))}
      </div>
      {photos.length > 1 && (
        <button
          type="button"
          onClick={() => setOpen(0)}
          className="absolute right-3 bottom-3 rounded-control bg-white/95 px-3 py-1.5 text-sm font-semibold text-slate-900 shadow-raised hover:bg-white"
        >
          Show all {photos.length} photos
        </button>
      )}
      {open !== null && <Lightbox photos={photos} name={name} start={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

/** Fills the 4×2 mosaic whatever the count: 2 side by side, 3 as one large and two stacked, 4 with a wide top. */
function tileSpan(count: number, index: number): string | false {
  if (index === 0) return false;
  if (count === 2) return 'md:col-span-2 md:row-span-2';
  if (count === 3) return 'md:col-span-2';
  if (count === 4 && index === 1) return 'md:col-span-2';
  return false;
}

/** Full-screen photo viewer: arrows and swipe-free buttons, keyboard ← → and Escape, a counter. */
export function Lightbox({
  photos,
  name,
  start,
  onClose,
}: {
  photos: Upload[];
  name: string;
  start: number;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(start);
  const step = useCallback((by: number) => setIndex((i) => (i + by + photos.length) % photos.length), [photos.length]);

  useEffect(() => {
    dialog.current?.showModal?.();
  }, []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') step(1);
      if (e.key === 'ArrowLeft') step(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step]);

  const photo = photos[index];
  const arrow =
    'absolute top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-2xl text-white backdrop-blur hover:bg-white/25';
  return (
    <dialog
      ref={dialog}
      onClose={onClose}
      aria-label={`Photos of ${name}`}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-slate-950/95 p-0 text-white backdrop:bg-slate-950/80"
      data-testid="lightbox"
    >
      <div className="flex h-full flex-col">
        <header className="flex items-center justify-between px-4 py-3 text-sm">
          <span data-testid="lightbox-counter">
            {index + 1} / {photos.length}
          </span>
          <button
            type="button"
            aria-label="Close photos"
            onClick={() => dialog.current?.close()}
            className="rounded-full p-2 hover:bg-white/10"
          >
            <CloseIcon className="h-6 w-6" />
          </button>
        </header>
        <div className="relative flex min-h-0 flex-1 items-center justify-center px-2 pb-6 sm:px-16">
          <img
            key={photo.id}
            src={photo.web_url}
            alt={`${name}, photo ${index + 1} of ${photos.length}`}
            className="max-h-full max-w-full rounded-lg object-contain shadow-overlay"
          />
          {photos.length > 1 && (
            <>
              <button
                type="button"
                aria-label="Previous photo"
                onClick={() => step(-1)}
                className={cn(arrow, 'left-2')}
              >
                ‹
              </button>
              <button type="button" aria-label="Next photo" onClick={() => step(1)} className={cn(arrow, 'right-2')}>
                ›
              </button>
            </>
          )}
        </div>
      </div>
    </dialog>
  );
}
