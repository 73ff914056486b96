import { Head, router } from '@inertiajs/react';
import type { AdminStickersProps, StickerPackJson } from '@contracts/admin-content';
import { useState } from 'react';
import { adminContentApi, adminPaths } from '@/api/admin';
import { Button, Card, EmptyState, Input, Pagination, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { useAdminAction } from '@/components/admin/useAdminAction';
import type { PageProps } from '@/types';
import { EnableToggle } from '@/components/admin/EnableToggle';
import { UploadLink } from '@/components/admin/UploadLink';

const price = (p: StickerPackJson) => (p.price_minor ? `${(p.price_minor / 100).toFixed(2)} ${p.currency}` : 'Free');

/** Admin Stickers: packs people send in chat and wear on their profile; stickers are stored as webp. */
export default function AdminStickers({ packs }: PageProps<AdminStickersProps>) {
  const form = useApiForm(
    { name: '', description: '', price: '' },
    { successMessage: 'Pack created', onSuccess: () => router.reload({ only: ['packs'] }) },
  );
  return (
    <>
      <Head title="Stickers" />
      <div className="space-y-4">
        <h1 className="text-headline text-ink">Stickers</h1>
        <Card title="New pack">
          <form
            className="grid grid-cols-1 gap-3 sm:grid-cols-3"
            onSubmit={form.handleSubmit((v) =>
              adminContentApi.createPack({
                name: v.name,
                description: v.description || undefined,
                price_minor: v.price ? Math.round(Number(v.price) * 100) : 0,
              }),
            )}
          >
            <TextField label="Name" {...form.field('name')} />
            <TextField label="Description" {...form.field('description')} />
            <TextField label="Price (USD, empty for free)" inputMode="decimal" {...form.field('price')} />
            <Button type="submit" loading={form.processing} className="sm:col-span-3 sm:justify-self-end">
              Create pack
            </Button>
          </form>
        </Card>
        {packs.data.length === 0 ? (
          <EmptyState title="No sticker packs yet" />
        ) : (
          <ul className="space-y-4">
            {packs.data.map((p) => (
              <Pack key={p.id} pack={p} />
            ))}
          </ul>
        )}
        <Pagination of={packs} hrefFor={(p) => `${adminPaths.stickers}?page=${p}`} />
      </div>
    </>
  );
}

function Pack({ pack }: { pack: StickerPackJson }) {
  const [name, setName] = useState('');
  const { busy, run: act } = useAdminAction(['packs']);
  return (
    <li>
      <Card
        title={`${pack.name}${pack.enabled ? '' : ' (disabled)'}`}
        description={`${price(pack)} · ${pack.stickers.length} sticker(s)${pack.description ? ` · ${pack.description}` : ''}`}
        actions={
          <EnableToggle
            enabled={pack.enabled}
            busy={busy}
            onToggle={() => act(() => adminContentApi.updatePack(pack.id, { enabled: !pack.enabled }))}
          />
        }
      >
        <ul className="flex flex-wrap gap-3" aria-label={`Stickers in ${pack.name}`}>
          {pack.stickers.map((s) => (
            <li key={s.id} className="flex w-20 flex-col items-center gap-1">
              <img src={s.thumb_url} alt={s.name} className="h-16 w-16 object-contain" />
              <span className="w-full truncate text-center text-xs text-ink-muted">{s.name}</span>
              <button
                type="button"
                className="text-xs text-red-700 hover:underline dark:text-red-300"
                onClick={() => act(() => adminContentApi.removeSticker(s.id))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <div className="mt-4 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-center">
          <Input
            aria-label="Sticker name"
            placeholder="Sticker name"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <UploadLink
            label="Upload image"
            accept="image/png,image/webp,image/gif,image/jpeg"
            className="font-medium"
            onFile={(file) => void act(() => adminContentApi.addSticker(pack.id, name, file)).then(() => setName(''))}
          />
        </div>
      </Card>
    </li>
  );
}
