export const DEFAULT_APP_NAME = 'Reelty';

/** Spec 2: "page title, a dash, then the product name"; no title → just the product name. */
export function formatTitle(title: string | null | undefined, appName?: unknown): string {
  const name = typeof appName === 'string' && appName.trim() ? appName.trim() : DEFAULT_APP_NAME;
  const pageTitle = title?.trim();
  return pageTitle ? `${pageTitle} - ${name}` : name;
}
