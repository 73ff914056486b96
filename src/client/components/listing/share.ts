/** Share links for a listing (spec 5: an unknown network raises "Network X does not exist"). */
export const SHARE_NETWORKS = ['facebook', 'x', 'linkedin', 'whatsapp', 'email'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

export function shareUrl(network: string, url: string, text = ''): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(text);
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'x':
      return `https://twitter.com/intent/tweet?url=${u}&text=${t}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'whatsapp':
      return `https://wa.me/?text=${t}%20${u}`;
    case 'email':
      return `mailto:?subject=${t}&body=${u}`;
    default:
      throw new Error(`Network ${network} does not exist`);
  }
}

/** spec 9: share popup 500x500. */
export const SHARE_POPUP = { width: 500, height: 500 } as const;

export function openSharePopup(network: string, url: string, text = ''): void {
  const target = shareUrl(network, url, text);
  if (network === 'email') {
    window.location.href = target;
    return;
  }
  window.open(target, 'share', `width=${SHARE_POPUP.width},height=${SHARE_POPUP.height},noopener`);
}
