import { useRef, useState } from 'react';
import { Button } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatDuration } from './format';
import type { Video } from '@contracts/video';
import { VideoPlayer } from './VideoPlayer';

/** Plays videos in order: next/previous buttons, a clickable list, and the next one starts when one ends. */
export function PlaylistPlayer({
  videos,
  autoPlay = false,
  compact = false,
  onPlayReport,
}: {
  videos: Video[];
  autoPlay?: boolean;
  compact?: boolean;
  /** Told the time watched over all the videos (ms) and whether the last one was watched to the end. */
  onPlayReport?: (watchedMs: number, completed: boolean) => void;
}) {
  const [index, setIndex] = useState(0);
  const watched = useRef(new Map<string, number>());
  const [advanced, setAdvanced] = useState(false);
  const current = videos[index];
  if (!current) return null;
  const go = (to: number) => {
    setAdvanced(true);
    setIndex(Math.max(0, Math.min(videos.length - 1, to)));
  };
  return (
    <div className={cn('grid gap-3', !compact && 'lg:grid-cols-[1fr_16rem]')}>
      <div className="space-y-2">
        <VideoPlayer
          key={current.id}
          src={current.playback.hls}
          poster={current.poster}
          trimStart={current.trim_start}
          trimEnd={current.trim_end}
          controls
          autoPlay={autoPlay || advanced}
          muted={autoPlay && !advanced}
          onEnded={() => index < videos.length - 1 && go(index + 1)}
          onPlayReport={
            onPlayReport &&
            ((ms, completed) => {
              watched.current.set(current.id, Math.max(ms, watched.current.get(current.id) ?? 0));
              const total = [...watched.current.values()].reduce((a, b) => a + b, 0);
              onPlayReport(total, completed && index === videos.length - 1);
            })
          }
          className={cn('aspect-video w-full', compact ? 'h-full' : 'rounded-lg')}
          data-testid="playlist-video"
        />
        {videos.length > 1 && (
          <div className="flex items-center justify-between gap-2">
            <Button size="sm" variant="secondary" disabled={index === 0} onClick={() => go(index - 1)}>
              ‹ Previous
            </Button>
            <span className="truncate text-sm text-slate-600 dark:text-slate-400">
              {index + 1} / {videos.length} · {current.title || 'Untitled'}
            </span>
            <Button size="sm" variant="secondary" disabled={index === videos.length - 1} onClick={() => go(index + 1)}>
              Next ›
            </Button>
          </div>
        )}
      </div>
      {!compact && videos.length > 1 && (
        <ol className="max-h-96 space-y-1 overflow-y-auto">
          {videos.map((video, i) => (
            <li key={video.id}>
              <button
                type="button"
                onClick={() => go(i)}
                className={cn(
                  'flex w-full items-center gap-2 rounded p-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800',
                  i === index && 'bg-slate-100 font-medium dark:bg-slate-800',
                )}
              >
                {video.poster ? (
                  <img src={video.poster} alt="" className="h-10 w-16 rounded object-cover" />
                ) : (
                  <span className="h-10 w-16 rounded bg-slate-300 dark:bg-slate-700" />
                )}
                <span className="min-w-0 flex-1 truncate">{video.title || `Video ${i + 1}`}</span>
                <span className="text-xs text-slate-500">{formatDuration(video.duration)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
