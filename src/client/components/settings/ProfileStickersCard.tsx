import { useEffect, useState } from 'react';
import type { StickerJson, StickerPackJson } from '@contracts/admin-content';
import { usersApi } from '@/api/users';
import { Button, Card, FieldError, Spinner } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/errors';

/** How many stickers fit on a profile (the server's PROFILE_STICKERS_MAX). */
const MAX = 6;

/** Pick up to six stickers from free packs or packs you own to wear on your public profile, in the order picked. */
export function ProfileStickersCard() {
  const [packs, setPacks] = useState<StickerPackJson[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const form = useApiForm<{ sticker_ids: string[] }, { stickers: StickerJson[] }>(
    { sticker_ids: [] },
    { successMessage: 'Profile stickers saved' },
  );
  const { setData } = form;

  useEffect(() => {
    Promise.all([usersApi.stickerPacks(), usersApi.profileStickers()])
      .then(([page, mine]) => {
        setPacks(page.data.filter((p) => p.usable !== false && p.stickers.length));
        setData({ sticker_ids: mine.stickers.map((s) => s.id) });
      })
      .catch((error) => setLoadError(errorMessage(error)));
  }, [setData]);

  const chosen = form.data.sticker_ids;
  const toggle = (id: string) =>
    form.set('sticker_ids', chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id].slice(0, MAX));

  return (
    <Card
      title="Profile stickers"
      description={`Wear up to ${MAX} stickers on your public profile, from free packs or packs you bought.`}
      footer={
        <div className="flex items-center justify-end gap-3">
          <span className="text-sm text-ink-muted">
            {chosen.length}/{MAX} chosen
          </span>
          <Button
            onClick={() => void form.submit((v) => usersApi.saveProfileStickers(v.sticker_ids))}
            loading={form.processing}
            disabled={!packs}
          >
            Save stickers
          </Button>
        </div>
      }
    >
      {loadError && <p className="text-sm text-red-600 dark:text-red-400">{loadError}</p>}
      {!packs && !loadError && <Spinner />}
      {packs && !packs.length && <p className="text-sm text-ink-muted">No sticker packs to choose from yet.</p>}
      <div className="space-y-4">
        {packs?.map((pack) => (
          <fieldset key={pack.id}>
            <legend className="text-sm font-medium text-ink">{pack.name}</legend>
            <ul className="mt-2 grid grid-cols-4 gap-2 sm:grid-cols-6">
              {pack.stickers.map((s) => {
                const at = chosen.indexOf(s.id);
                return (
                  <li key={s.id}>
                    <button
                      type="button"
                      aria-pressed={at >= 0}
                      aria-label={`${s.name}${at >= 0 ? `, shown ${at + 1} of ${chosen.length}` : ''}`}
                      onClick={() => toggle(s.id)}
                      className={cn(
                        'relative block w-full rounded-control border p-1 transition',
                        at >= 0 ? 'border-brand-500 ring-2 ring-brand-500' : 'border-line hover:border-line-strong',
                      )}
                    >
                      <img src={s.thumb_url} alt="" className="aspect-square w-full object-contain" loading="lazy" />
                      {at >= 0 && (
                        <span className="absolute right-1 top-1 rounded-full bg-brand-600 px-1.5 text-xs text-white">
                          {at + 1}
                        </span>
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
      </div>
      <FieldError message={form.errors.sticker_ids ?? form.errors['sticker_ids.0']} />
    </Card>
  );
}
