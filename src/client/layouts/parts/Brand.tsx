import { Link } from '@inertiajs/react';
import { LogoMark } from '@/components/icons';
import { useAppName } from '@/hooks/useSharedProps';
import { routes } from '@/routes';

export function Brand({ href = routes.home }: { href?: string }) {
  const appName = useAppName();
  return (
    <Link href={href} className="flex items-center gap-2 font-semibold tracking-tight text-slate-900 dark:text-white">
      <LogoMark className="h-8 w-8" />
      {/* Below 400 px the header needs the room for its buttons; the logo stays, the name is read by screen readers. */}
      <span className="text-lg max-[399px]:sr-only">{appName}</span>
    </Link>
  );
}
