/** Spec 9: the share popup is 500x500. */
export const SHARE_POPUP = { width: 500, height: 500 } as const;

export const SHARE_NETWORKS = ['facebook', 'twitter', 'linkedin', 'pinterest', 'whatsapp', 'reddit', 'email'] as const;
export type ShareNetwork = (typeof SHARE_NETWORKS)[number];

const e = encodeURIComponent;

/** The network's share URL; spec 5: an unknown network raises "Network X does not exist". */
export function shareUrl(network: string, url: string, text = '', image?: string): string {
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${e(url)}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?url=${e(url)}&text=${e(text)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${e(url)}`;
    case 'pinterest':
      return `https://pinterest.com/pin/create/button/?url=${e(url)}&description=${e(text)}${image ? `&media=${e(image)}` : ''}`;
    case 'whatsapp':
      return `https://api.whatsapp.com/send?text=${e(`${text} ${url}`.trim())}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${e(url)}&title=${e(text)}`;
    case 'email':
      return `mailto:?subject=${e(text)}&body=${e(url)}`;
    default:
      throw new Error(`Network ${network} does not exist`);
  }
}

/** Popup features centred on the current window. */
export function popupFeatures(
  win: Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'> = window,
): string {
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - SHARE_POPUP.width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - SHARE_POPUP.height) / 2));
  return `width=${SHARE_POPUP.width},height=${SHARE_POPUP.height},left=${left},top=${top},noopener,noreferrer`;
}

/** Opens the network's share page in a 500x500 popup (mail goes through the mail client). */
export function openShare(network: string, url: string, text = '', image?: string): Window | null {
  const target = shareUrl(network, url, text, image);
  if (network === 'email') {
    window.location.href = target;
    return null;
  }
  return window.open(target, `share-${network}`, popupFeatures());
}
