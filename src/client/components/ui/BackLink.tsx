import { Link } from '@inertiajs/react';
import type { ReactNode } from 'react';

/** The small "← Channels" link over a page's heading, back to the list or thing it belongs to. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} className="text-sm text-accent-ink hover:underline">
      ← {children}
    </Link>
  );
}
