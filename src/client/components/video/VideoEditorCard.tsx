import { useRef, useState } from 'react';
import { Button, Input, Label } from '@/components/ui';
import { videoApi } from '@/api/video';
import { useApiForm } from '@/hooks/useApiForm';
import { errorMessage } from '@/lib/errors';
import { notify, TOAST_DURATION_MS } from '@/lib/toast';
import { StatusBadge } from './StatusBadge';
import { formatDuration } from './format';
import type { UploadLimits, Video } from '@contracts/video';
import { VideoPlayer } from './VideoPlayer';
import { VideoUploader } from './VideoUploader';

export interface VideoEditorCardProps {
  video: Video;
  limits?: UploadLimits;
  onChange(video: Video): void;
  onDeleted(id: string): void;
  onMove?(direction: -1 | 1): void;
  first?: boolean;
  last?: boolean;
}

const num = (value: string): number | null => (value.trim() === '' ? null : Number(value));

/** One video in an editor: upload, live status, player, title, trim points, cover frame, retry, delete. */
export function VideoEditorCard({ video, limits, onChange, onDeleted, onMove, first, last }: VideoEditorCardProps) {
  const player = useRef<HTMLVideoElement | null>(null);
  const [deleting, setDeleting] = useState(false);
  const form = useApiForm(
    { title: video.title, trim_start: video.trim_start?.toString() ?? '', trim_end: video.trim_end?.toString() ?? '' },
    { errorFallback: 'Could not update the video', onSuccess: (res: { video: Video }) => onChange(res.video) },
  );
  const { errors } = form;
  const busy = form.processing || deleting;

  const save = async (extra: Record<string, unknown> = {}) => {
    const saved = await form.submit(({ title, trim_start, trim_end }) =>
      videoApi.update(video.id, { title, trim_start: num(trim_start), trim_end: num(trim_end), ...extra }),
    );
    if (saved) notify.success('Video Updated!', { autoClose: TOAST_DURATION_MS });
  };

  const remove = async () => {
    if (!window.confirm('Delete this video and its files?')) return;
    setDeleting(true);
    try {
      await videoApi.remove(video.id);
      notify.success('Video Deleted', { autoClose: TOAST_DURATION_MS });
      onDeleted(video.id);
    } catch (error) {
      notify.error(errorMessage(error, 'Could not delete the video'));
      setDeleting(false);
    }
  };

  const retry = async () => {
    try {
      const res = await videoApi.retry(video.id);
      onChange(res.video);
    } catch (error) {
      notify.error(errorMessage(error, 'Could not retry the video'));
    }
  };

  return (
    <article
      data-testid={`video-${video.slug}`}
      className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <h3 className="truncate font-medium">{video.title || 'Untitled video'}</h3>
          <StatusBadge status={video.status} progress={video.progress} />
          {video.duration !== null && <span className="text-xs text-slate-500">{formatDuration(video.duration)}</span>}
        </div>
        <div className="flex gap-1">
          {onMove && (
            <>
              <Button size="sm" variant="ghost" aria-label="Move up" disabled={first} onClick={() => onMove(-1)}>
                ↑
              </Button>
              <Button size="sm" variant="ghost" aria-label="Move down" disabled={last} onClick={() => onMove(1)}>
                ↓
              </Button>
            </>
          )}
          <Button size="sm" variant="danger" onClick={() => void remove()} disabled={busy}>
            Delete
          </Button>
        </div>
      </header>

      {video.status === 'uploading' && <VideoUploader video={video} limits={limits} />}
      {video.status === 'processing' && (
        <div className="space-y-1" aria-live="polite">
          <div className="h-2 overflow-hidden rounded bg-slate-200 dark:bg-slate-800">
            <div className="h-full animate-pulse bg-amber-500" style={{ width: `${Math.max(5, video.progress)}%` }} />
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Making the streaming versions… you can leave this page.
          </p>
        </div>
      )}
      {video.status === 'errored' && (
        <div className="space-y-2 text-sm">
          <p className="text-red-700 dark:text-red-300">{video.error ?? 'Processing failed.'}</p>
          <Button size="sm" onClick={() => void retry()}>
            Try again
          </Button>
        </div>
      )}
      {video.status === 'ready' && (
        <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
          <VideoPlayer
            ref={player}
            src={video.playback.hls}
            poster={video.poster}
            controls
            className="aspect-video w-full rounded"
            trimStart={video.trim_start}
            trimEnd={video.trim_end}
          />
          <form
            className="space-y-2"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <div>
              <Label htmlFor={`title-${video.id}`}>Title</Label>
              <Input
                id={`title-${video.id}`}
                value={form.data.title}
                maxLength={160}
                onChange={(e) => form.set('title', e.target.value)}
              />
            </div>
            <div className="grid grid-cols-2 gap-2">
              <div>
                <Label htmlFor={`start-${video.id}`}>Start at (s)</Label>
                <Input
                  id={`start-${video.id}`}
                  type="number"
                  min={0}
                  step={0.1}
                  value={form.data.trim_start}
                  invalid={!!errors.trim_start}
                  onChange={(e) => form.set('trim_start', e.target.value)}
                />
              </div>
              <div>
                <Label htmlFor={`end-${video.id}`}>End at (s)</Label>
                <Input
                  id={`end-${video.id}`}
                  type="number"
                  min={0}
                  step={0.1}
                  value={form.data.trim_end}
                  invalid={!!errors.trim_end}
                  onChange={(e) => form.set('trim_end', e.target.value)}
                />
              </div>
            </div>
            {(errors.trim_start || errors.trim_end || errors.cover_time) && (
              <p className="text-xs text-red-600 dark:text-red-400">
                {errors.trim_start ?? errors.trim_end ?? errors.cover_time}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              {/* Named for what it saves: on the spot editor the spot's own details have their own button. */}
              <Button type="submit" size="sm" loading={busy} data-testid="save-video">
                Save video
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={busy}
                onClick={() => void save({ cover_time: Math.round((player.current?.currentTime ?? 0) * 10) / 10 })}
              >
                Use current frame as cover
              </Button>
            </div>
            <p className="text-xs text-slate-500">
              {video.renditions.map((r) => r.name).join(' · ')}
              {video.cover_time !== null ? ` · cover at ${video.cover_time}s` : ''}
            </p>
          </form>
        </div>
      )}
    </article>
  );
}
