export const JOURNAL_POST_KIND = 'journal_post';
export const JOURNAL_COMMENT_KIND = 'journal_comment';
export const PUBLISH_TIMER = 'journal.publish';
export const NOTIFY_JOB = 'journal.notify-followers';
export const FEED_PAGE_SIZE = 12;
export const NOTIFY_BATCH = 500;
/** Posting limits per author: drafts created per hour, comments per 10 minutes, image uploads per hour. */
export const LIMITS = {
  posts: { count: 20, windowSeconds: 3600 },
  comments: { count: 20, windowSeconds: 600 },
  images: { count: 60, windowSeconds: 3600 },
} as const;
export const IMAGE_RULES = {
  field: 'image',
  maxBytes: 10 * 1024 * 1024,
  mimes: ['image/jpeg', 'image/png', 'image/webp'],
};
