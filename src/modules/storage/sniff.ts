/** Media types we accept, recognised from the file's first bytes (never from its name or the client's word). */
export type SniffedType = { mime: string; ext: string; kind: 'image' | 'video' | 'document' };

const startsWith = (bytes: Buffer, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);
const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

export function sniffType(bytes: Buffer): SniffedType | null {
  if (bytes.length < 12) return null;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg', kind: 'image' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png', kind: 'image' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { mime: 'image/webp', ext: 'webp', kind: 'image' };
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return { mime: 'image/gif', ext: 'gif', kind: 'image' };
  if (ascii(bytes, 0, 5) === '%PDF-') return { mime: 'application/pdf', ext: 'pdf', kind: 'document' };
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return { mime: 'video/webm', ext: 'webm', kind: 'video' };
  if (ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (['heic', 'heix', 'mif1', 'msf1'].includes(brand)) return { mime: 'image/heic', ext: 'heic', kind: 'image' };
    if (brand === 'avif') return { mime: 'image/avif', ext: 'avif', kind: 'image' };
    if (brand === 'qt  ') return { mime: 'video/quicktime', ext: 'mov', kind: 'video' };
    return { mime: 'video/mp4', ext: 'mp4', kind: 'video' };
  }
  return null;
}

/** Content types for files we write ourselves (renditions, playlists, posters). */
export function contentTypeForKey(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return (
    {
      jpg: 'image/jpeg',
      jpeg: 'image/jpeg',
      png: 'image/png',
      webp: 'image/webp',
      gif: 'image/gif',
      avif: 'image/avif',
      heic: 'image/heic',
      pdf: 'application/pdf',
      mp4: 'video/mp4',
      mov: 'video/quicktime',
      webm: 'video/webm',
      m3u8: 'application/vnd.apple.mpegurl',
      ts: 'video/mp2t',
      m4s: 'video/iso.segment',
      vtt: 'text/vtt',
      json: 'application/json',
    }[ext] ?? 'application/octet-stream'
  );
}
