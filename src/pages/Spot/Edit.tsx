import { Head, Link } from '@inertiajs/react';
import { useState } from 'react';
import { Button, Card, Checkbox, Input, Label } from '@/components/ui';
import { EmbedCodeButton } from '@/components/video/EmbedCodeButton';
import { formatPrice } from '@/components/video/format';
import type { Spot, UploadLimits, Video } from '@contracts/video';
import { VideoEditorCard } from '@/components/video/VideoEditorCard';
import { useAuthUser } from '@/hooks/useSharedProps';
import { useVideoStatus } from '@/hooks/useVideoStatus';
import { api, ApiError } from '@/lib/http';
import { notify, TOAST_DURATION_MS } from '@/lib/toast';
import type { PageProps } from '@/types';

type Props = PageProps<{ spot: Spot; limits: UploadLimits }>;

/** Spot editor: its short video (upload, live status, trim, cover), caption, publish to the feed. */
export default function SpotEdit({ spot: initial, limits }: Props) {
  const user = useAuthUser();
  const [spot, setSpot] = useState(initial);
  const [video, setVideo] = useState<Video | null>(initial.video);
  const [title, setTitle] = useState(initial.title);
  const [caption, setCaption] = useState(initial.caption ?? '');
  const [published, setPublished] = useState(initial.published);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useVideoStatus(user?.id, (event) => setVideo((v) => (v && v.id === event.id ? { ...v, ...event.video } : v)));

  const patch = async (body: Record<string, unknown>, toast = true) => {
    setSaving(true);
    setErrors({});
    try {
      const res = await api.patch<{ spot: Spot }>(`/api/spot/${spot.slug}`, body);
      setSpot(res.spot);
      setPublished(res.spot.published);
      if (toast) notify.success('Spot Updated', { autoClose: TOAST_DURATION_MS });
      return res.spot;
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(
          Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v])),
        );
        notify.error(error.message);
      }
      return null;
    } finally {
      setSaving(false);
    }
  };

  const addVideo = async () => {
    try {
      const created = await api.post<{ video: Video }>('/api/video/blank', { title: title || 'Spot video' });
      const saved = await patch({ video_id: created.video.id }, false);
      if (saved) setVideo(created.video);
    } catch (error) {
      if (error instanceof ApiError) notify.error(error.message);
    }
  };

  const price = spot.listing ? formatPrice(spot.listing.price, spot.listing.currency) : null;

  return (
    <>
      <Head title={`Edit ${spot.title || 'spot'}`} />
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-semibold">Spot</h1>
          <div className="flex items-center gap-2">
            {spot.walkthrough_slug && (
              <Link
                href={`/walkthroughs/${spot.walkthrough_slug}/edit`}
                className="text-sm text-brand-700 underline dark:text-brand-300"
              >
                Back to walkthrough
              </Link>
            )}
            <EmbedCodeButton path={spot.embed_url} title={spot.title || 'Spot'} />
          </div>
        </div>

        {spot.listing ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            For{' '}
            <Link href={spot.listing.url} className="underline">
              {spot.listing.name}
            </Link>
            {price ? ` · ${price}` : ''}
            {spot.listing.address ? ` · ${spot.listing.address}` : ''}
          </p>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Not linked to a listing: it shows in the feed without price and address.
          </p>
        )}

        <section className="space-y-2">
          <h2 className="text-lg font-semibold">Video</h2>
          {video ? (
            <VideoEditorCard
              video={video}
              limits={limits}
              onChange={setVideo}
              onDeleted={() => {
                setVideo(null);
                setSpot((s) => ({ ...s, video: null, published: false }));
                setPublished(false);
              }}
            />
          ) : (
            <Button onClick={() => void addVideo()} data-testid="add-spot-video">
              Add a video
            </Button>
          )}
        </section>

        <Card title="Details">
          <form
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              void patch({ title, caption: caption || null, published });
            }}
          >
            <div>
              <Label htmlFor="spot-title">Title</Label>
              <Input id="spot-title" value={title} maxLength={160} onChange={(e) => setTitle(e.target.value)} />
            </div>
            <div>
              <Label htmlFor="spot-caption">Caption</Label>
              <textarea
                id="spot-caption"
                rows={2}
                maxLength={2000}
                value={caption}
                onChange={(e) => setCaption(e.target.value)}
                className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
              />
            </div>
            <Checkbox
              label="Published in the feed"
              checked={published}
              onChange={(e) => setPublished(e.currentTarget.checked)}
              data-testid="spot-published"
            />
            {errors.published && <p className="text-sm text-red-600 dark:text-red-400">{errors.published}</p>}
            <Button type="submit" loading={saving} data-testid="save-spot">
              Save spot
            </Button>
          </form>
        </Card>
      </div>
    </>
  );
}
