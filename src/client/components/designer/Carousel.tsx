import { useEffect, useState } from 'react';
import { cn } from '@/lib/cn';

/** Spec 9: carousel interval 5000 ms. */
export const CAROUSEL_INTERVAL_MS = 5000;

export interface CarouselItem {
  id: string;
  src: string;
  alt: string;
}

/** Auto-advancing image carousel; pauses on hover and focus, with dots to jump. */
export function Carousel({
  items,
  className,
  interval = CAROUSEL_INTERVAL_MS,
}: {
  items: CarouselItem[];
  className?: string;
  interval?: number;
}) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused || items.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), interval);
    return () => clearInterval(timer);
  }, [paused, items.length, interval]);
  if (!items.length) return null;
  const current = items[Math.min(index, items.length - 1)];
  return (
    <div
      className={cn('relative overflow-hidden rounded-xl bg-slate-200 dark:bg-slate-800', className)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      aria-roledescription="carousel"
    >
      <img src={current.src} alt={current.alt} className="aspect-[4/3] w-full object-cover" />
      {items.length > 1 && (
        <div className="absolute inset-x-0 bottom-2 flex justify-center gap-1.5">
          {items.map((item, i) => (
            <button
              key={item.id}
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`Show image ${i + 1} of ${items.length}`}
              aria-current={i === index}
              className={cn('h-2 w-2 rounded-full', i === index ? 'bg-white' : 'bg-white/50')}
            />
          ))}
        </div>
      )}
    </div>
  );
}
