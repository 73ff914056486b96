import { fireEvent, render, screen } from '@testing-library/react';
import { readUploadState, writeUploadState } from '@/hooks/useVideoUpload';
import { embedCode } from './EmbedCodeButton';
import { pickEngine } from './playback';
import { StatusBadge } from './StatusBadge';
import { formatDuration, formatPrice } from './format';

describe('video client pieces', () => {
  it('picks native HLS, then hls.js when MSE takes H.264, else says it cannot play', () => {
    const video = (answer: string) =>
      ({ canPlayType: (type: string) => (type.includes('mpegurl') ? answer : '') }) as unknown as HTMLVideoElement;
    const mse = (ok: boolean) => ({ MediaSource: { isTypeSupported: () => ok } as unknown as typeof MediaSource });
    expect(pickEngine(video('maybe'), mse(false))).toBe('native');
    expect(pickEngine(video(''), mse(true))).toBe('hls.js');
    expect(pickEngine(video(''), mse(false))).toBe('unsupported');
    expect(pickEngine(video(''), {})).toBe('unsupported');
  });

  it('keeps the upload state {videoSlug, completed} per video and forgets it once completed', () => {
    writeUploadState({ videoSlug: 'kitchen-abc', completed: false });
    expect(readUploadState('kitchen-abc')).toEqual({ videoSlug: 'kitchen-abc', completed: false });
    expect(readUploadState('other')).toBeNull();
    writeUploadState({ videoSlug: 'kitchen-abc', completed: true });
    expect(readUploadState('kitchen-abc')).toBeNull();
  });

  it('builds an iframe embed code for this site', () => {
    const code = embedCode('/embed/walkthrough/tour-1', 'https://reelty.test', 'Lake "house"');
    expect(code).toContain('src="https://reelty.test/embed/walkthrough/tour-1"');
    expect(code).toContain('title="Lake house"');
    expect(code).toMatch(/^<iframe .*allowfullscreen.*><\/iframe>$/);
  });

  it('shows status with progress while processing', () => {
    render(<StatusBadge status="processing" progress={42} />);
    expect(screen.getByTestId('video-status')).toHaveTextContent('Processing 42%');
    expect(screen.getByTestId('video-status')).toHaveAttribute('data-status', 'processing');
    fireEvent.click(screen.getByTestId('video-status'));
  });

  it('formats prices and durations for the overlay', () => {
    expect(formatPrice('1250000.00', 'USD')).toMatch(/1,250,000/);
    expect(formatPrice(null, 'USD')).toBeNull();
    expect(formatDuration(125.4)).toBe('2:05');
    expect(formatDuration(null)).toBe('–');
  });
});
