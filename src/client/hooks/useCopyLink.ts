import { useState } from 'react';
import { notify } from '@/lib/toast';

/**
 * Copies a link to the clipboard with a toast either way; `copied` turns true once copied (back to false after
 * `resetAfterMs` when given), for a "Copy" button that says "Copied".
 */
export function useCopyLink(url: string, resetAfterMs?: number): { copied: boolean; copy: () => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      notify.success('Link copied');
      if (resetAfterMs !== undefined) setTimeout(() => setCopied(false), resetAfterMs);
    } catch {
      notify.error('Could not copy the link');
    }
  };
  return { copied, copy };
}
