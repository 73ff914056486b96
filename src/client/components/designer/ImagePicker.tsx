import { useEffect, useRef, useState, type DragEvent } from 'react';
import { cn } from '@/lib/cn';

export interface PickedImage {
  file: File;
  url: string;
  width: number;
  height: number;
  orientation: 'landscape' | 'portrait' | 'square';
}

export function orientationOf(width: number, height: number): PickedImage['orientation'] {
  if (Math.abs(width - height) / Math.max(width, height, 1) < 0.05) return 'square';
  return width > height ? 'landscape' : 'portrait';
}

const ACCEPT = 'image/jpeg,image/png,image/webp';

/** Upload with preview: drop or choose a room photo; measures its size and orientation. */
export function ImagePicker({
  value,
  onChange,
  error,
  maxMb,
}: {
  value: PickedImage | null;
  onChange: (image: PickedImage | null) => void;
  error?: string | null;
  maxMb?: number;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [dragOver, setDragOver] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);

  useEffect(() => () => (value ? URL.revokeObjectURL(value.url) : undefined), [value]);

  const pick = (file: File | undefined) => {
    setLocalError(null);
    if (!file) return;
    if (!ACCEPT.split(',').includes(file.type)) return setLocalError('Choose a JPEG, PNG or WebP photo.');
    if (maxMb && file.size > maxMb * 1024 * 1024) return setLocalError(`The photo is larger than ${maxMb} MB.`);
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () =>
      onChange({
        file,
        url,
        width: img.naturalWidth,
        height: img.naturalHeight,
        orientation: orientationOf(img.naturalWidth, img.naturalHeight),
      });
    img.onerror = () => {
      URL.revokeObjectURL(url);
      setLocalError('This image could not be read. Try another file.');
    };
    img.src = url;
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    pick(e.dataTransfer.files?.[0]);
  };

  const shown = localError ?? error;
  return (
    <div>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
        className={cn(
          'relative flex min-h-56 flex-col items-center justify-center overflow-hidden rounded-xl border-2 border-dashed p-4 text-center transition-colors',
          dragOver ? 'border-brand-500 bg-brand-50 dark:bg-brand-950/30' : 'border-slate-300 dark:border-slate-700',
          shown && 'border-red-400',
        )}
      >
        {value ? (
          <>
            <img
              src={value.url}
              alt="Your room"
              className="max-h-80 w-full rounded-lg object-contain"
              data-testid="upload-preview"
            />
            <p className="mt-2 text-xs text-slate-500 dark:text-slate-400" data-testid="upload-orientation">
              {value.width} × {value.height} · {value.orientation}
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-300">Drop a photo of the room here, or choose one.</p>
        )}
        <div className="mt-3 flex gap-2">
          <button
            type="button"
            onClick={() => input.current?.click()}
            className="rounded-lg bg-slate-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-slate-700 dark:bg-white dark:text-slate-900 dark:hover:bg-slate-200"
          >
            {value ? 'Choose another photo' : 'Choose a photo'}
          </button>
          {value && (
            <button
              type="button"
              onClick={() => onChange(null)}
              className="rounded-lg px-3 py-1.5 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              Remove
            </button>
          )}
        </div>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          aria-label="Room photo"
          name="image"
          onChange={(e) => pick(e.target.files?.[0])}
          data-testid="upload-input"
        />
      </div>
      {shown && (
        <p className="mt-1.5 text-sm text-red-600 dark:text-red-400" role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
