import { cn } from '@/lib/cn';
import type { VideoStatus } from '@contracts/video';

const styles: Record<VideoStatus, string> = {
  uploading: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  processing: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  ready: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  errored: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
};
const labels: Record<VideoStatus, string> = {
  uploading: 'Waiting for upload',
  processing: 'Processing',
  ready: 'Ready',
  errored: 'Failed',
};

export function StatusBadge({ status, progress }: { status: VideoStatus; progress?: number }) {
  return (
    <span
      data-testid="video-status"
      data-status={status}
      className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', styles[status])}
    >
      {labels[status]}
      {status === 'processing' && progress ? ` ${progress}%` : ''}
    </span>
  );
}
