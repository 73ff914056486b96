import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '@/lib/cn';

/** Spec 9: start position 0.5, handle size 40, line width 2, keyboard step 0.01. */
export const COMPARE_SLIDER = { start: 0.5, handleSize: 40, lineWidth: 2, keyboardStep: 0.01 } as const;

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

export interface CompareSliderProps {
  before: string;
  after: string;
  beforeLabel?: string;
  afterLabel?: string;
  /** width / height of the photos, so the frame keeps their shape. */
  aspectRatio?: number;
  initial?: number;
  className?: string;
  onChange?: (position: number) => void;
}

/** Before/after comparison: drag the handle (or use the arrow keys) to reveal the design over the photo. */
export function CompareSlider({
  before,
  after,
  beforeLabel = 'Before',
  afterLabel = 'After',
  aspectRatio = 4 / 3,
  initial = COMPARE_SLIDER.start,
  className,
  onChange,
}: CompareSliderProps) {
  const [position, setPosition] = useState(clamp01(initial));
  const frame = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const set = useCallback(
    (value: number) => {
      const next = Math.round(clamp01(value) * 10000) / 10000;
      setPosition(next);
      onChange?.(next);
    },
    [onChange],
  );

  const fromPointer = (clientX: number) => {
    const rect = frame.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    set((clientX - rect.left) / rect.width);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    fromPointer(e.clientX);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) fromPointer(e.clientX);
  };
  const onPointerUp = () => {
    dragging.current = false;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = COMPARE_SLIDER.keyboardStep * (e.shiftKey ? 10 : 1);
    const moves: Record<string, number> = { ArrowLeft: -step, ArrowDown: -step, ArrowRight: step, ArrowUp: step };
    if (e.key in moves) set(position + moves[e.key]);
    else if (e.key === 'Home') set(0);
    else if (e.key === 'End') set(1);
    else return;
    e.preventDefault();
  };

  const percent = `${position * 100}%`;
  const half = COMPARE_SLIDER.handleSize / 2;

  return (
    <div
      ref={frame}
      className={cn(
        'relative w-full touch-none select-none overflow-hidden rounded-xl bg-slate-200 dark:bg-slate-800',
        className,
      )}
      style={{ aspectRatio }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      data-testid="compare-slider"
    >
      <img src={before} alt={beforeLabel} className="absolute inset-0 h-full w-full object-cover" draggable={false} />
      <img
        src={after}
        alt={afterLabel}
        className="absolute inset-0 h-full w-full object-cover"
        style={{ clipPath: `inset(0 0 0 ${percent})` }}
        draggable={false}
      />
      <span className="pointer-events-none absolute left-2 top-2 rounded bg-black/60 px-2 py-0.5 text-xs font-medium text-white">
        {beforeLabel}
      </span>
      <span className="pointer-events-none absolute right-2 top-2 rounded bg-black/60 px-2 py-0.5 text-xs font-medium text-white">
        {afterLabel}
      </span>
      <div
        className="pointer-events-none absolute inset-y-0 bg-white shadow"
        style={{ left: percent, width: COMPARE_SLIDER.lineWidth, marginLeft: -COMPARE_SLIDER.lineWidth / 2 }}
        data-testid="compare-line"
      />
      <div
        role="slider"
        tabIndex={0}
        aria-label="Compare before and after"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(position * 100)}
        aria-valuetext={`${Math.round(position * 100)}% before`}
        onKeyDown={onKeyDown}
        className="absolute top-1/2 flex cursor-ew-resize items-center justify-center rounded-full border-2 border-white bg-black/50 text-white shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        style={{
          left: percent,
          width: COMPARE_SLIDER.handleSize,
          height: COMPARE_SLIDER.handleSize,
          marginLeft: -half,
          marginTop: -half,
        }}
        data-testid="compare-handle"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          aria-hidden="true"
        >
          <path d="M9 6l-6 6 6 6M15 6l6 6-6 6" />
        </svg>
      </div>
    </div>
  );
}
