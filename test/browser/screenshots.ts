import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Where `npm run test:screenshots` leaves its screenshots (looked at by people, never compared pixel by pixel). */
export const SCREENSHOT_DIR = join(__dirname, '__screenshots__');

export const SHOT_VIEWPORTS = [
  { width: 1280, height: 860 },
  { width: 360, height: 760 },
] as const;

/** Full-page PNGs cost about 2 s a step, so only the screenshot run (SCREENSHOTS=1) writes them. */
const WRITE_SCREENSHOTS = process.env.SCREENSHOTS === '1';

interface StepLayout {
  /** How far the document is wider than the viewport (0: no sideways scrolling). */
  overflowPx: number;
  /** The outermost elements reaching past the right edge, to say what to fix. */
  widest: string[];
  /** Relative luminance (0 black … 1 white) of the page's background: the body's or, if transparent, the root's. */
  backgroundLuminance: number;
}

const MEASURE_LAYOUT = `(() => {
  const colour = [document.body, document.documentElement]
    .map((el) => getComputedStyle(el).backgroundColor)
    .find((c) => !/rgba\\(.*, 0\\)$|transparent/.test(c)) ?? 'rgb(255, 255, 255)';
  const [r, g, b] = (colour.match(/[\\d.]+/g) ?? []).slice(0, 3).map(Number).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  // The outermost elements past the right edge: the ones to fix (their children only follow them out).
  const pastEdge = (el) => el.getBoundingClientRect().right > window.innerWidth + 1;
  const outermost = [...document.querySelectorAll('body *')].filter((el) => {
    if (!pastEdge(el)) return false;
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (pastEdge(up)) return false;
    return true;
  });
  const describe = (el) =>
    el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).slice(0, 4).join('.') : '');
  const widest = outermost.slice(0, 3).map(describe);
  return {
    widest,
    overflowPx: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
    backgroundLuminance: 0.2126 * r + 0.7152 * g + 0.0722 * b,
  };
})()`;

/**
 * Checks the page as it is now in light and dark, wide and phone-sized: no sideways scrolling at any width, and
 * a dark background in the dark theme (a page may be dark by design in both themes, so light is not required).
 * The theme is switched the way the toggle does it: class on <html>, choice kept in localStorage.
 * With SCREENSHOTS=1 it also writes `<step>-<width>-<theme>.png`.
 */
export async function checkStep(page: Page, step: string, settleMs = 250): Promise<void> {
  if (WRITE_SCREENSHOTS) mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  const problems: string[] = [];
  for (const viewport of SHOT_VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      // From the top: a full-page shot of a scrolled page draws sticky bars in the middle.
      await page.evaluate(
        `(() => { localStorage.setItem('theme', '${theme}'); document.documentElement.classList.toggle('dark', ${theme === 'dark'}); window.scrollTo(0, 0); })()`,
      );
      if (WRITE_SCREENSHOTS) await page.waitForTimeout(settleMs);
      else await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))');
      const layout = (await page.evaluate(MEASURE_LAYOUT)) as StepLayout;
      const where = `${step} at ${viewport.width} px, ${theme}`;
      if (layout.overflowPx > 1)
        problems.push(`${where}: scrolls sideways by ${layout.overflowPx} px (${layout.widest.join(', ')})`);
      if (theme === 'dark' && layout.backgroundLuminance > 0.2)
        problems.push(`${where}: background luminance ${layout.backgroundLuminance.toFixed(2)} is not dark`);
      if (WRITE_SCREENSHOTS)
        await page.screenshot({ path: join(SCREENSHOT_DIR, `${step}-${viewport.width}-${theme}.png`), fullPage: true });
    }
  }
  if (original) await page.setViewportSize(original);
  if (problems.length) throw new Error(`Layout problems:\n${problems.join('\n')}`);
}
