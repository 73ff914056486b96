import { useState } from 'react';
import { Button } from '@/components/ui';
import { notify } from '@/lib/toast';

/** The iframe snippet for an embed path, absolute to this site. */
export function embedCode(path: string, origin: string = window.location.origin, title = 'Video tour'): string {
  const safeTitle = title.replace(/[<>"&]/g, '');
  return `<iframe src="${origin}${path}" title="${safeTitle}" width="640" height="360" style="border:0;max-width:100%;aspect-ratio:16/9" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen loading="lazy"></iframe>`;
}

/** Copies the embed code to the clipboard (with a visible fallback when the clipboard is not available). */
export function EmbedCodeButton({ path, title, size = 'sm' }: { path: string; title?: string; size?: 'sm' | 'md' }) {
  const [shown, setShown] = useState<string | null>(null);
  const copy = async () => {
    const code = embedCode(path, window.location.origin, title);
    try {
      await navigator.clipboard.writeText(code);
      notify.success('Embed code copied');
      setShown(null);
    } catch {
      setShown(code);
    }
  };
  return (
    <div className="space-y-2">
      <Button variant="secondary" size={size} onClick={() => void copy()} data-testid="copy-embed">
        Copy embed code
      </Button>
      {shown && (
        <textarea
          readOnly
          aria-label="Embed code"
          className="w-full rounded border border-slate-300 bg-white p-2 font-mono text-xs dark:border-slate-700 dark:bg-slate-900"
          rows={3}
          value={shown}
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
    </div>
  );
}
