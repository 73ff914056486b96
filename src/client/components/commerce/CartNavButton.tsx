import { Link } from '@inertiajs/react';
import { useEffect, useState } from 'react';
import { commerceApi, commercePaths } from '@/api/commerce';

/** The cart entry in the top bar, with the number of units in it. */
export function CartNavButton() {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    commerceApi
      .cart()
      .then((r) => live && setCount(r.cart.count))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <Link
      href={commercePaths.cart}
      aria-label={`Cart (${count} items)`}
      className="relative inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      data-testid="nav-cart"
    >
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} className="h-5 w-5" aria-hidden>
        <path
          d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="10" cy="20" r="1.3" />
        <circle cx="17" cy="20" r="1.3" />
      </svg>
      {count > 0 && (
        <span className="absolute -right-0.5 -top-0.5 min-w-4 rounded-full bg-brand-600 px-1 text-center text-[10px] font-semibold leading-4 text-white">
          {count}
        </span>
      )}
    </Link>
  );
}
