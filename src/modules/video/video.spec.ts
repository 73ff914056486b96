import { ladderFor } from './media/ffmpeg';
import { newPlaybackId, newSlug, PLAYBACK_ID_PATTERN, SLUG_PATTERN } from './ids';
import { loadVideoConfig } from '../../config/video.config';

describe('video pieces', () => {
  it('makes renditions only at or below the source, by the shorter side (portrait too)', () => {
    expect(ladderFor(1920, 1080).map((r) => [r.name, r.width, r.height])).toEqual([
      ['360p', 640, 360],
      ['720p', 1280, 720],
      ['1080p', 1920, 1080],
    ]);
    expect(ladderFor(1280, 720).map((r) => r.name)).toEqual(['360p', '720p']);
    expect(ladderFor(1080, 1920).map((r) => [r.name, r.width, r.height])).toEqual([
      ['360p', 360, 640],
      ['720p', 720, 1280],
      ['1080p', 1080, 1920],
    ]);
    expect(ladderFor(3840, 2160).map((r) => r.name)).toEqual(['360p', '720p', '1080p']);
    expect(ladderFor(640, 360).map((r) => r.name)).toEqual(['360p']);
    expect(ladderFor(321, 181)).toEqual([expect.objectContaining({ name: '182p', width: 322, height: 182 })]);
  });

  it('makes readable slugs and unguessable playback ids', () => {
    expect(newSlug('Lake House: Tour!')).toMatch(/^lake-house-tour-[a-z0-9]{10}$/);
    expect(newSlug('')).toMatch(/^[a-z0-9]{10}$/);
    expect(SLUG_PATTERN.test(newSlug('x'.repeat(200)))).toBe(true);
    const id = newPlaybackId();
    expect(PLAYBACK_ID_PATTERN.test(id)).toBe(true);
    expect(newPlaybackId()).not.toBe(id);
  });

  it('reads caps from the environment and refuses bad values', () => {
    const config = loadVideoConfig(
      { storageDir: '/s' },
      { VIDEO_MAX_UPLOAD_MB: '20', VIDEO_MAX_DURATION_SECONDS: '90' },
    );
    expect(config).toMatchObject({
      maxUploadBytes: 20 * 1024 * 1024,
      maxDurationSeconds: 90,
      uploadDir: '/s/uploads/video',
      preset: 'superfast',
      transcodeAttempts: 3,
      demoClipSeconds: 4,
    });
    expect(() => loadVideoConfig({ storageDir: '/s' }, { VIDEO_MAX_UPLOAD_MB: 'lots' })).toThrow(
      'VIDEO_MAX_UPLOAD_MB must be a whole number',
    );
    expect(() => loadVideoConfig({ storageDir: '/s' }, { VIDEO_X264_PRESET: 'placebo' })).toThrow(
      'VIDEO_X264_PRESET must be one of',
    );
  });
});
