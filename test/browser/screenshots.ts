import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Where browser tests leave their screenshots (kept by CI as artifacts, looked at, never compared pixel by pixel). */
export const SCREENSHOT_DIR = join(__dirname, '__screenshots__');

export const SHOT_VIEWPORTS = [
  { width: 1280, height: 860 },
  { width: 360, height: 760 },
] as const;

/**
 * Photographs the page as it is now in light and dark, wide and phone-sized: `<step>-<width>-<theme>.png`.
 * The theme is switched the way the toggle does it (class on <html>, choice kept in localStorage).
 */
export async function shootStep(page: Page, step: string, settleMs = 250): Promise<string[]> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  const files: string[] = [];
  for (const viewport of SHOT_VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      // From the top: a full-page shot of a scrolled page draws sticky bars in the middle.
      await page.evaluate(
        `(() => { localStorage.setItem('theme', '${theme}'); document.documentElement.classList.toggle('dark', ${theme === 'dark'}); window.scrollTo(0, 0); })()`,
      );
      await page.waitForTimeout(settleMs);
      const file = join(SCREENSHOT_DIR, `${step}-${viewport.width}-${theme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      files.push(file);
    }
  }
  if (original) await page.setViewportSize(original);
  return files;
}
