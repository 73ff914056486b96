import { Head, Link, router } from '@inertiajs/react';
import { useState } from 'react';
import { Button, Card, Checkbox, EmptyState, Input, Label, Select, TextArea } from '@/components/ui';
import { EmbedCodeButton } from '@/components/video/EmbedCodeButton';
import type { UploadLimits, Video, Walkthrough } from '@contracts/video';
import { VideoEditorCard } from '@/components/video/VideoEditorCard';
import { useAuthUser } from '@/hooks/useSharedProps';
import { useVideoStatus } from '@/hooks/useVideoStatus';
import { videoApi, videoPaths } from '@/api/video';
import { errorMessage } from '@/lib/errors';
import { notify, TOAST_DURATION_MS } from '@/lib/toast';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

type Props = PageProps<{ walkthrough: Walkthrough; limits: UploadLimits; listings?: ListingChoice[] }>;

interface ListingChoice {
  id: string;
  name: string;
}

/** Walkthrough editor: details and publish, videos (upload, live status, order, trim, cover), spots, embed code. */
export default function WalkthroughEdit({ walkthrough: initial, limits, listings = [] }: Props) {
  const { attempt } = useAttempt();
  const user = useAuthUser();
  const [walkthrough, setWalkthrough] = useState(initial);
  const [videos, setVideos] = useState<Video[]>(initial.videos);
  const [title, setTitle] = useState(initial.title);
  const [description, setDescription] = useState(initial.description ?? '');
  const [published, setPublished] = useState(initial.published);
  const [listingId, setListingId] = useState(initial.listing_id ?? '');
  const [saving, setSaving] = useState(false);

  useVideoStatus(
    user?.id,
    (event) => setVideos((list) => list.map((v) => (v.id === event.id ? { ...v, ...event.video } : v))),
    // After each (re)subscription: the videos as the server has them (a transcode may have finished meanwhile).
    () =>
      router.reload({
        only: ['walkthrough'],
        onSuccess: (page) => {
          const fresh = (page.props as unknown as Props).walkthrough.videos;
          setVideos((list) => list.map((v) => ({ ...v, ...fresh.find((f) => f.id === v.id) })));
        },
      }),
  );

  const patch = async (body: Record<string, unknown>) => {
    setSaving(true);
    try {
      const res = await videoApi.updateWalkthrough(walkthrough.slug, body);
      setWalkthrough(res.walkthrough);
      notify.success('Walkthrough Updated', { autoClose: TOAST_DURATION_MS });
      return res.walkthrough;
    } catch (error) {
      notify.error(errorMessage(error, 'Could not update the walkthrough'));
      return null;
    } finally {
      setSaving(false);
    }
  };

  const addVideo = async () => {
    try {
      const res = await videoApi.addToWalkthrough(walkthrough.slug, `Part ${videos.length + 1}`);
      setVideos((list) => [...list, res.video]);
    } catch (error) {
      notify.error(errorMessage(error, 'Could not add a video'));
    }
  };

  const move = async (index: number, direction: -1 | 1) => {
    const next = [...videos];
    const [item] = next.splice(index, 1);
    next.splice(index + direction, 0, item);
    setVideos(next);
    await patch({ video_order: next.map((v) => v.id) });
  };

  const addSpot = async () => {
    await attempt(async () => {
      const res = await videoApi.createSpot(walkthrough.slug, `${title || 'Spot'} teaser`);
      router.visit(videoPaths.spotEdit(res.spot.slug));
    }, 'Could not make the spot');
  };

  return (
    <>
      <Head title={`Edit ${walkthrough.title || 'walkthrough'}`} />
      <div className="mx-auto max-w-5xl space-y-6 px-4 py-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-2xl font-semibold">Walkthrough</h1>
          <div className="flex flex-wrap items-center gap-2">
            <Link
              href={videoPaths.walkthrough(walkthrough.slug)}
              className="text-sm text-brand-700 underline dark:text-brand-300"
            >
              View tour
            </Link>
            <EmbedCodeButton path={walkthrough.embed_url} title={walkthrough.title || 'Video tour'} />
          </div>
        </div>

        <Card title="Details">
          <form
            className="space-y-3"
            onSubmit={(event) => {
              event.preventDefault();
              void patch({ title, description: description || null, published, listing_id: listingId || null });
            }}
          >
            <div>
              <Label htmlFor="wt-title">Title</Label>
              <Input id="wt-title" value={title} maxLength={160} onChange={(e) => setTitle(e.target.value)} />
            </div>
            <div>
              <Label htmlFor="wt-description">Description</Label>
              <TextArea
                id="wt-description"
                rows={3}
                value={description}
                onChange={(e) => setDescription(e.target.value)}
              />
            </div>
            <div>
              <Label htmlFor="wt-listing">Listing</Label>
              <Select
                id="wt-listing"
                value={listingId}
                onChange={(e) => setListingId(e.target.value)}
                placeholder={listings.length ? 'Not linked to a listing' : 'You have no listings yet'}
                options={listings.map((l) => ({ value: l.id, label: l.name }))}
              />
              <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                The listing’s page plays this walkthrough.
              </p>
            </div>
            <Checkbox
              label="Published (visible to everyone once its listing is published)"
              checked={published}
              onChange={(e) => setPublished(e.currentTarget.checked)}
            />
            <Button type="submit" loading={saving} data-testid="save-walkthrough">
              Save walkthrough
            </Button>
          </form>
        </Card>

        <section className="space-y-3">
          <div className="flex items-center justify-between">
            <h2 className="text-lg font-semibold">Videos</h2>
            <Button size="sm" onClick={() => void addVideo()} data-testid="add-video">
              Add video
            </Button>
          </div>
          {videos.length === 0 && (
            <EmptyState
              title="No videos yet"
              description="Add a video, then upload the file: it is processed for streaming automatically."
            />
          )}
          {videos.map((video, index) => (
            <VideoEditorCard
              key={video.id}
              video={video}
              limits={limits}
              first={index === 0}
              last={index === videos.length - 1}
              onMove={(direction) => void move(index, direction)}
              onChange={(changed) => setVideos((list) => list.map((v) => (v.id === changed.id ? changed : v)))}
              onDeleted={(id) => setVideos((list) => list.filter((v) => v.id !== id))}
            />
          ))}
        </section>

        <section className="space-y-3">
          <div className="flex items-center justify-between">
            <h2 className="text-lg font-semibold">Spots</h2>
            <Button size="sm" variant="secondary" onClick={() => void addSpot()}>
              New spot
            </Button>
          </div>
          {walkthrough.spots.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              Spots are short vertical clips shown in the feed with the listing’s price and address.
            </p>
          ) : (
            <ul className="divide-y divide-line rounded-lg border border-slate-200 dark:border-slate-800">
              {walkthrough.spots.map((spot) => (
                <li key={spot.id} className="flex items-center justify-between gap-2 p-3 text-sm">
                  <span className="truncate">
                    {spot.title || 'Untitled spot'} {spot.published ? '· published' : '· draft'}
                  </span>
                  <Link href={videoPaths.spotEdit(spot.slug)} className="text-brand-700 underline dark:text-brand-300">
                    Edit
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}
