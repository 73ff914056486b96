export type PageSlot = number | 'gap';

/**
 * Which page numbers to show: always the first and last, the current one and
 * `span` pages either side of it, with 'gap' where numbers are skipped.
 */
export function pageWindow(current: number, last: number, span = 1): PageSlot[] {
  if (last <= 1) return [1];
  const pages = new Set<number>([1, last]);
  for (let page = current - span; page <= current + span; page++) {
    if (page >= 1 && page <= last) pages.add(page);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const slots: PageSlot[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) slots.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) slots.push('gap');
    slots.push(page);
  });
  return slots;
}
