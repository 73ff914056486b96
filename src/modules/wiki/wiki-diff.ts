import type { WikiDiffLine } from '../../contracts/wiki';

/** Above this many cells (lines × lines after trimming the common ends) the middle is shown as replaced. */
const MAX_CELLS = 4_000_000;

/**
 * The source lines of sanitised article HTML: one line per block (paragraph, list item, heading, quote, rule),
 * so a diff shows which blocks changed rather than one long line.
 */
export function wikiLines(html: string): string[] {
  return html
    .replace(/(<\/(p|li|h2|h3|h4|blockquote|pre|ul|ol)>|<br>|<hr>)/g, '$1\n')
    .replace(/(<(ul|ol)>)/g, '$1\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/**
 * A line diff of `a` into `b` by longest common subsequence: lines kept ('same'), removed from `a` ('del') and
 * added in `b` ('add'), in reading order, deletions before additions at each change. Common leading and trailing
 * lines are matched first, so a small edit in a long article costs little; a huge rewrite beyond MAX_CELLS is
 * shown as the whole middle removed and added.
 */
export function lineDiff(a: string[], b: string[]): WikiDiffLine[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const head = a.slice(0, start).map((text): WikiDiffLine => ({ op: 'same', text }));
  const tail = a.slice(endA).map((text): WikiDiffLine => ({ op: 'same', text }));
  return [...head, ...middleDiff(a.slice(start, endA), b.slice(start, endB)), ...tail];
}

function middleDiff(a: string[], b: string[]): WikiDiffLine[] {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_CELLS || n === 0 || m === 0)
    return [
      ...a.map((text): WikiDiffLine => ({ op: 'del', text })),
      ...b.map((text): WikiDiffLine => ({ op: 'add', text })),
    ];
  // lcs[i][j] = length of the LCS of a[i..] and b[j..], in one flat array of (n + 1) × (m + 1) cells.
  const width = m + 1;
  const lcs = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i * width + j] =
        a[i] === b[j] ? lcs[(i + 1) * width + j + 1] + 1 : Math.max(lcs[(i + 1) * width + j], lcs[i * width + j + 1]);
  const out: WikiDiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: 'same', text: a[i] });
      i++;
      j++;
    } else if (lcs[(i + 1) * width + j] >= lcs[i * width + j + 1]) out.push({ op: 'del', text: a[i++] });
    else out.push({ op: 'add', text: b[j++] });
  }
  while (i < n) out.push({ op: 'del', text: a[i++] });
  while (j < m) out.push({ op: 'add', text: b[j++] });
  return out;
}
