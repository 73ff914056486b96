import { Head } from '@inertiajs/react';
import { useState } from 'react';
import { ShareButtons } from '@/components/designer/ShareButtons';
import { designerApi, designerPaths } from '@/api/designer';
import type { Design } from '@contracts/designs';
import { Alert, BackLink, Button, Card } from '@/components/ui';
import { notify } from '@/lib/toast';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

/** Share a design: a public link (with a preview card for social networks), or stop sharing. */
export default function DesignerShare({ design: initial }: PageProps<{ design: Design }>) {
  const [design, setDesign] = useState(initial);
  const { busy, attempt } = useAttempt();
  const title = [design.options.theme, design.options.roomType].filter(Boolean).join(' ') || 'My room design';
  // Links are built on the origin the user is on (the server's share_url uses the configured APP_URL).
  const absolute = (url: string | null) =>
    url ? new URL(new URL(url, window.location.origin).pathname, window.location.origin).toString() : null;

  const toggle = (on: boolean) =>
    attempt(async () => {
      const res = on ? await designerApi.share(design.id) : await designerApi.unshare(design.id);
      setDesign(res.design);
      notify.success(on ? 'Share link ready' : 'Sharing turned off');
    }, 'Could not change sharing');

  return (
    <>
      <Head title="Share design" />
      <BackLink href={designerPaths.show(design.id)}>Back to the design</BackLink>
      <h1 className="mb-6 mt-1 text-2xl font-semibold text-slate-900 dark:text-white">Share “{title}”</h1>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        {design.image && <img src={design.image} alt={title} className="w-full rounded-xl object-cover" />}
        <Card
          title="Public link"
          description="Anyone with the link sees the before and after; your prompt and details stay private."
        >
          {design.share_url ? (
            <div className="space-y-4">
              <ShareButtons
                url={absolute(design.share_url)!}
                text={`${title}, designed with Reelty`}
                image={absolute(design.image)}
              />
              <Button variant="ghost" onClick={() => toggle(false)} loading={busy}>
                Stop sharing
              </Button>
            </div>
          ) : design.status === 'completed' ? (
            <Button onClick={() => toggle(true)} loading={busy} data-testid="create-share-link">
              Create share link
            </Button>
          ) : (
            <Alert variant="warning">Only a generated design can be shared.</Alert>
          )}
        </Card>
      </div>
    </>
  );
}
