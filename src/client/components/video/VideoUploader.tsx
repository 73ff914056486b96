import { useId } from 'react';
import { Alert, ProgressBar } from '@/components/ui';
import { useVideoUpload } from '@/hooks/useVideoUpload';
import type { UploadLimits, Video } from '@contracts/video';

/** File picker + resumable upload with percent; after a reload it asks for the same file to continue. */
export function VideoUploader({
  video,
  limits,
  onUploaded,
}: {
  video: Video;
  limits?: UploadLimits;
  onUploaded?: () => void;
}) {
  const upload = useVideoUpload(video, limits, onUploaded);
  const id = useId();
  return (
    <div className="space-y-2">
      {upload.canResume && !upload.uploading && (
        <Alert variant="warning" title="Upload not finished">
          Choose the same file again to continue where it stopped.
        </Alert>
      )}
      <label htmlFor={id} className="block text-sm font-medium">
        {upload.canResume ? 'Resume with the same file' : 'Choose a video file'}
      </label>
      <input
        id={id}
        type="file"
        accept="video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm,.mkv"
        disabled={upload.uploading}
        data-testid={`upload-input-${video.slug}`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file) upload.start(file);
        }}
        className="block w-full text-sm file:mr-3 file:rounded file:border-0 file:bg-brand-600 file:px-3 file:py-1.5 file:text-white dark:text-slate-300"
      />
      {limits && (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          MP4, MOV or WebM, up to {Math.round(limits.max_upload_bytes / 1024 / 1024)} MB and{' '}
          {Math.round(limits.max_duration_seconds / 60)} minutes.
        </p>
      )}
      {upload.percent !== null && (
        <div>
          <ProgressBar value={upload.percent} label="Upload progress" />
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400" data-testid={`upload-percent-${video.slug}`}>
            {upload.percent}% uploaded
          </p>
        </div>
      )}
      {upload.error && <Alert variant="error">{upload.error}</Alert>}
    </div>
  );
}
