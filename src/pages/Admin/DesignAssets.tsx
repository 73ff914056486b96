import { Head, router } from '@inertiajs/react';
import type { AdminDesignAssetsProps, DesignAssetJson } from '@contracts/admin-content';
import { useState, type FormEvent } from 'react';
import { adminContentApi, adminPaths } from '@/api/admin';
import { Button, Card, DividedList, EmptyState, Input, Pagination, Select, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { useAdminAction } from '@/components/admin/useAdminAction';
import type { PageProps } from '@/types';
import { EnableToggle } from '@/components/admin/EnableToggle';
import { UploadLink } from '@/components/admin/UploadLink';

const LABELS: Record<string, string> = {
  room_type: 'Room type',
  designer: 'Designer',
  location: 'Location',
  theme: 'Theme',
  color: 'Colours',
};

/** Admin DesignAssets: what the AI designer offers, edited here and read by the designer page on each visit. */
export default function AdminDesignAssets({ assets, filters, categories }: PageProps<AdminDesignAssetsProps>) {
  const [f, setF] = useState(filters);
  const options = categories.map((c) => ({ value: c, label: LABELS[c] ?? c }));
  const form = useApiForm(
    { category: filters.category || 'theme', name: '', prompt_fragment: '', colors: '' },
    { successMessage: 'Asset added', onSuccess: () => router.reload({ only: ['assets'] }) },
  );
  const apply = (e: FormEvent) => {
    e.preventDefault();
    router.get(adminPaths.designAssets, Object.fromEntries(Object.entries(f).filter(([, v]) => v)), {
      preserveState: true,
    });
  };
  return (
    <>
      <Head title="Design assets" />
      <div className="space-y-4">
        <h1 className="text-headline text-ink">Design assets</h1>
        <Card title="Add an asset">
          <form
            className="grid grid-cols-1 gap-3 sm:grid-cols-2"
            onSubmit={form.handleSubmit((v) =>
              adminContentApi.createAsset({
                category: v.category,
                name: v.name,
                prompt_fragment: v.prompt_fragment || undefined,
                colors: v.colors ? v.colors.split(/[\s,]+/).filter(Boolean) : undefined,
              }),
            )}
          >
            <Select
              aria-label="Category"
              value={form.data.category}
              onChange={(e) => form.set('category', e.target.value)}
              options={options}
            />
            <TextField label="Name" {...form.field('name')} />
            <TextField
              label="Prompt fragment"
              hint="Added to the AI prompt when chosen."
              {...form.field('prompt_fragment')}
            />
            {form.data.category === 'color' && (
              <TextField label="Colours" hint="Hex codes, e.g. #f3e9dc #c8ad8d" {...form.field('colors')} />
            )}
            <Button type="submit" loading={form.processing} className="sm:col-span-2 sm:justify-self-end">
              Add
            </Button>
          </form>
        </Card>
        <form onSubmit={apply} className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_2fr_auto]">
          <Select
            aria-label="Category filter"
            value={f.category}
            onChange={(e) => setF({ ...f, category: e.target.value })}
            placeholder="Every category"
            options={options}
          />
          <Input
            aria-label="Search"
            placeholder="Name"
            value={f.q}
            onChange={(e) => setF({ ...f, q: e.target.value })}
          />
          <Button type="submit" variant="secondary">
            Filter
          </Button>
        </form>
        <Card padded={false}>
          <DividedList items={assets.data} empty={<EmptyState title="No assets match" />}>
            {(a) => <AssetRow key={a.id} asset={a} label={LABELS[a.category]} />}
          </DividedList>
          <div className="p-3">
            <Pagination
              of={assets}
              hrefFor={(p) => `${adminPaths.designAssets}?${new URLSearchParams({ ...f, page: String(p) })}`}
            />
          </div>
        </Card>
      </div>
    </>
  );
}

function AssetRow({ asset, label }: { asset: DesignAssetJson; label?: string }) {
  const { busy, run: act } = useAdminAction(['assets']);
  return (
    <li className="flex flex-wrap items-center gap-3 p-3">
      {asset.preview_url ? (
        <img src={asset.preview_url} alt="" className="h-12 w-12 rounded-control object-cover" />
      ) : (
        <div className="flex h-12 w-12 gap-0.5 overflow-hidden rounded-control bg-surface-muted" aria-hidden>
          {asset.colors.map((c) => (
            <span key={c} className="h-full flex-1" style={{ background: c }} />
          ))}
        </div>
      )}
      <div className="min-w-0 flex-1">
        <p className="font-medium text-ink">
          {asset.name}{' '}
          {!asset.enabled && <span className="text-xs text-amber-700 dark:text-amber-300">(disabled)</span>}
          {asset.pack && (
            <span
              className="ml-1 rounded-full bg-surface-muted px-2 py-0.5 text-xs text-ink-muted"
              data-testid="asset-pack"
            >
              {asset.pack} style pack: buyers only
            </span>
          )}
        </p>
        <p className="truncate text-xs text-ink-muted">
          {label} · #{asset.position}
          {asset.prompt_fragment ? ` · ${asset.prompt_fragment}` : ''}
        </p>
      </div>
      <UploadLink
        label="Preview"
        accept="image/jpeg,image/png,image/webp"
        onFile={(file) => void act(() => adminContentApi.uploadPreview(asset.id, file))}
      />
      <EnableToggle
        enabled={asset.enabled}
        busy={busy}
        onToggle={() => act(() => adminContentApi.updateAsset(asset.id, { enabled: !asset.enabled }))}
      />
    </li>
  );
}
