import { Head, Link } from '@inertiajs/react';
import { openSharePopup, SHARE_NETWORKS } from '@/components/listing/share';
import { formatPrice } from '@/components/property/rules';
import type { PropertySummary } from '@contracts/properties';
import { Button } from '@/components/ui';
import { useCopyLink } from '@/hooks/useCopyLink';

const LABELS: Record<string, string> = {
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  whatsapp: 'WhatsApp',
  email: 'Email',
};

export default function ShareShow({ property, path }: { property: PropertySummary; path: string }) {
  const url = typeof window === 'undefined' ? path : `${window.location.origin}${path}`;
  const { copied, copy } = useCopyLink(url);
  return (
    <div className="mx-auto max-w-lg space-y-4 px-4 py-8">
      <Head title={`Share ${property.name}`} />
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Share {property.name}</h1>
      {property.featured_image && (
        <img src={property.featured_image.web_url} alt="" className="h-48 w-full rounded-xl object-cover" />
      )}
      <p className="text-slate-700 dark:text-slate-200">
        {formatPrice(property.price, property.currency)} · {property.full_address}
      </p>
      <div className="flex gap-2">
        <input
          readOnly
          value={url}
          aria-label="Link"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm dark:border-slate-700 dark:bg-slate-900 dark:text-white"
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <div className="flex flex-wrap gap-2">
        {SHARE_NETWORKS.map((n) => (
          <Button key={n} variant="ghost" onClick={() => openSharePopup(n, url, property.name)}>
            {LABELS[n]}
          </Button>
        ))}
      </div>
      <Link href={path} className="text-sm text-brand-600 hover:underline dark:text-brand-300">
        Back to the property
      </Link>
    </div>
  );
}
