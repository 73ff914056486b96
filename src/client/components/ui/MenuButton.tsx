import type { ReactNode } from 'react';
import { useMenu } from '@/hooks/useDismiss';
import { cn } from '@/lib/cn';

/** A row of a menu (a link or a button), as the account and team menus show it. */
export const menuItemClasses =
  'flex w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800';

export interface MenuButtonProps {
  /** What the button shows (an avatar, a team badge, "More"). */
  button: ReactNode;
  buttonClassName: string;
  /** Names the button when what it shows does not. */
  label?: string;
  testId?: string;
  /** The panel's side and size, e.g. `right-0 w-60` (the panel's frame is the same for every menu). */
  menuClassName: string;
  /** The items; each calls `close` when chosen. */
  children: (close: () => void) => ReactNode;
}

/** A button that opens a menu under it, closed by a click outside, Escape or choosing an item (account, team, "More"). */
export function MenuButton({ button, buttonClassName, label, testId, menuClassName, children }: MenuButtonProps) {
  const { open, ref, close, toggle } = useMenu();
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        onClick={toggle}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={label}
        data-testid={testId}
        className={buttonClassName}
      >
        {button}
      </button>
      {open && (
        <div
          role="menu"
          className={cn(
            'absolute z-40 mt-2 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-700 dark:bg-slate-900',
            menuClassName,
          )}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}
