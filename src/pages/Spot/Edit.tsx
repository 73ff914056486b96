import { Head, Link, router } from '@inertiajs/react';
import { useState } from 'react';
import { Button, Card, Checkbox, Input, Label, TextArea } from '@/components/ui';
import { EmbedCodeButton } from '@/components/video/EmbedCodeButton';
import { formatPrice } from '@/components/video/format';
import type { Spot, UploadLimits, Video } from '@contracts/video';
import { VideoEditorCard } from '@/components/video/VideoEditorCard';
import { useAuthUser } from '@/hooks/useSharedProps';
import { useVideoStatus } from '@/hooks/useVideoStatus';
import { videoApi, videoPaths } from '@/api/video';
import { useApiForm } from '@/hooks/useApiForm';
import { notify, TOAST_DURATION_MS } from '@/lib/toast';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

type Props = PageProps<{ spot: Spot; limits: UploadLimits }>;

/** Spot editor: its short video (upload, live status, trim, cover), caption, publish to the feed. */
export default function SpotEdit({ spot: initial, limits }: Props) {
  const { attempt } = useAttempt();
  const user = useAuthUser();
  const [spot, setSpot] = useState(initial);
  const [video, setVideo] = useState<Video | null>(initial.video);
  const form = useApiForm(
    { title: initial.title, caption: initial.caption ?? '', published: initial.published },
    {
      errorFallback: 'Could not update the spot',
      onSuccess: (res: { spot: Spot }) => {
        setSpot(res.spot);
        form.set('published', res.spot.published);
      },
    },
  );
  const { title, caption, published } = form.data;

  useVideoStatus(
    user?.id,
    (event) => setVideo((v) => (v && v.id === event.id ? { ...v, ...event.video } : v)),
    // After each (re)subscription: the video as the server has it (a transcode may have finished meanwhile).
    () =>
      router.reload({
        only: ['spot'],
        onSuccess: (page) => {
          const fresh = (page.props as unknown as Props).spot.video;
          setVideo((v) => (v && fresh && fresh.id === v.id ? { ...v, ...fresh } : v));
        },
      }),
  );

  const saveDetails = async () => {
    const saved = await form.submit((values) =>
      videoApi.updateSpot(spot.slug, { ...values, caption: values.caption || null }),
    );
    if (saved) notify.success('Spot Updated', { autoClose: TOAST_DURATION_MS });
  };

  const addVideo = async () => {
    await attempt(async () => {
      const created = await videoApi.createBlank(title || 'Spot video');
      const saved = await form.submit(() => videoApi.updateSpot(spot.slug, { video_id: created.video.id }));
      if (saved) setVideo(created.video);
    }, 'Could not add a video');
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
                href={videoPaths.walkthroughEdit(spot.walkthrough_slug)}
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
                form.set('published', false);
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
              void saveDetails();
            }}
          >
            <div>
              <Label htmlFor="spot-title">Title</Label>
              <Input
                id="spot-title"
                value={title}
                maxLength={160}
                onChange={(e) => form.set('title', e.target.value)}
              />
            </div>
            <div>
              <Label htmlFor="spot-caption">Caption</Label>
              <TextArea
                id="spot-caption"
                rows={2}
                maxLength={2000}
                value={caption}
                onChange={(e) => form.set('caption', e.target.value)}
              />
            </div>
            <Checkbox
              label="Published in the feed"
              checked={published}
              onChange={(e) => form.set('published', e.currentTarget.checked)}
              data-testid="spot-published"
              error={form.errors.published}
            />
            <Button type="submit" loading={form.processing} data-testid="save-spot">
              Save spot
            </Button>
          </form>
        </Card>
      </div>
    </>
  );
}
