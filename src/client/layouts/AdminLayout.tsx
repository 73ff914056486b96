import type { ReactNode } from 'react';
import { adminPaths } from '@/api/admin';
import { useSharedProps } from '@/hooks/useSharedProps';
import { SectionNav } from './parts/SectionNav';

/** Admin pages (and Metrics): the console's own navigation (every admin section, sent by the server) beside the page. */
export function AdminLayout({ children }: { children?: ReactNode }) {
  const sections = (useSharedProps().adminNav as Array<{ title: string; href: string }> | undefined) ?? [];
  const items = [
    { label: 'Console', href: adminPaths.home, exact: true },
    ...sections.map((s) => ({ label: s.title, href: s.href })),
  ];
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 md:flex-row md:gap-8">
      <SectionNav label="Admin" items={items} />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
