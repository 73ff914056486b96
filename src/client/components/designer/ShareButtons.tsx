import { Button } from '@/components/ui';
import { useCopyLink } from '@/hooks/useCopyLink';
import { openShare, SHARE_NETWORKS, type ShareNetwork } from './share-links';

const LABELS: Record<ShareNetwork, string> = {
  facebook: 'Facebook',
  twitter: 'X / Twitter',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  whatsapp: 'WhatsApp',
  reddit: 'Reddit',
  email: 'Email',
};

export function ShareButtons({ url, text, image }: { url: string; text: string; image?: string | null }) {
  const { copied, copy } = useCopyLink(url, 2000);
  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          readOnly
          value={url}
          aria-label="Share link"
          className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm dark:border-slate-700 dark:bg-slate-800"
          onFocus={(e) => e.currentTarget.select()}
          data-testid="share-url"
        />
        <Button variant="secondary" onClick={copy}>
          {copied ? 'Copied' : 'Copy link'}
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        {SHARE_NETWORKS.map((network) => (
          <Button
            key={network}
            size="sm"
            variant="secondary"
            onClick={() => openShare(network, url, text, image ?? undefined)}
            data-network={network}
          >
            {LABELS[network]}
          </Button>
        ))}
      </div>
    </div>
  );
}
