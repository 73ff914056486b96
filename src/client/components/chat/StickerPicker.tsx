import { router } from '@inertiajs/react';
import { useState } from 'react';
import type { StickerPackJson } from '@contracts/admin-content';
import { chatsApi } from '@/api/chats';
import { commerceApi, commercePaths } from '@/api/commerce';
import { formatMoney } from '@/components/commerce/format';
import { StickerIcon } from '@/components/icons';
import { Spinner } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';

/** Puts a paid pack in the cart and opens the cart to check out. */
async function buyPack(pack: StickerPackJson): Promise<void> {
  try {
    const { variant_id } = await chatsApi.stickerPackProduct(pack.id);
    await commerceApi.addToCart(variant_id, 1);
    router.visit(commercePaths.cart);
  } catch (error) {
    notify.error(errorMessage(error, 'The pack could not be added to your cart'));
  }
}

/**
 * The composer's sticker button: the enabled packs (loaded on first open) as a grid; a tap sends one. A paid pack the
 * user has not bought shows its stickers dimmed with a Buy button that puts it in the cart.
 */
export function StickerPicker({ disabled, onPick }: { disabled?: boolean; onPick: (stickerId: string) => void }) {
  const [open, setOpen] = useState(false);
  const [packs, setPacks] = useState<StickerPackJson[] | null>(null);

  const toggle = async () => {
    const next = !open;
    setOpen(next);
    if (!next || packs) return;
    try {
      setPacks((await chatsApi.stickers()).data);
    } catch (error) {
      setOpen(false);
      notify.error((error as Error).message || 'Stickers could not be loaded');
    }
  };

  return (
    <div className="relative">
      <button
        type="button"
        onClick={toggle}
        disabled={disabled}
        aria-expanded={open}
        className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
        aria-label="Send a sticker"
      >
        <StickerIcon className="h-5 w-5" />
      </button>
      {open && (
        <div
          role="dialog"
          aria-label="Stickers"
          className="absolute bottom-12 left-0 z-20 max-h-72 w-[min(20rem,calc(100vw-2rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {!packs ? (
            <div className="flex justify-center p-4">
              <Spinner />
            </div>
          ) : packs.every((p) => p.stickers.length === 0) ? (
            <p className="p-3 text-sm text-slate-500 dark:text-slate-400">No stickers yet.</p>
          ) : (
            packs.map((pack) => (
              <section key={pack.id} className="mb-2">
                <div className="flex items-center justify-between gap-2 px-1">
                  <h3 className="text-xs font-semibold text-slate-500 dark:text-slate-400">{pack.name}</h3>
                  {pack.usable === false && (
                    <button
                      type="button"
                      className="rounded-control px-2 py-0.5 text-xs font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-950"
                      onClick={() => void buyPack(pack)}
                    >
                      Buy · {formatMoney({ amount_minor: pack.price_minor, currency: pack.currency })}
                    </button>
                  )}
                </div>
                <div className="grid grid-cols-4 gap-1">
                  {pack.stickers.map((s) => (
                    <button
                      key={s.id}
                      type="button"
                      className="rounded-lg p-1 hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-800"
                      aria-label={`Send sticker ${s.name}`}
                      disabled={pack.usable === false}
                      onClick={() => {
                        setOpen(false);
                        onPick(s.id);
                      }}
                    >
                      <img src={s.thumb_url} alt="" className="aspect-square w-full object-contain" loading="lazy" />
                    </button>
                  ))}
                </div>
              </section>
            ))
          )}
        </div>
      )}
    </div>
  );
}
