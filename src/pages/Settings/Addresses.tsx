import { Head, router, useForm } from '@inertiajs/react';
import { useState, type FormEvent } from 'react';
import { Button, Card, Checkbox, EmptyState, Pagination, TextField } from '@/components/ui';
import { MapPinIcon } from '@/components/icons';
import type { Address } from '@contracts/settings';
import type { PageProps } from '@/types';

type Props = PageProps<{ addresses: Address[]; pagination: { currentPage: number; lastPage: number; total: number } }>;

const blank = { label: '', line1: '', line2: '', city: '', state: '', zip: '', countryCode: 'US', isDefault: false };

function AddressForm({ address, onDone }: { address: Address | null; onDone: () => void }) {
  const form = useForm(address ? { ...address, line2: address.line2 ?? '' } : blank);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const options = { preserveScroll: true, onSuccess: onDone };
    if (address) form.put(`/settings/addresses/${address.id}`, options);
    else form.post('/settings/addresses', options);
  };
  const field = (name: keyof typeof blank, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      name={name}
      value={String(form.data[name] ?? '')}
      onChange={(e) => form.setData(name, e.target.value as never)}
      error={form.errors[name]}
      {...extra}
    />
  );
  return (
    <form onSubmit={submit}>
      <Card
        title={address ? 'Edit address' : 'New address'}
        footer={
          <>
            <Button variant="ghost" onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" loading={form.processing}>
              {address ? 'Save address' : 'Add address'}
            </Button>
          </>
        }
      >
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {field('label', 'Label', { placeholder: 'Home, Office…', required: true })}
          {field('countryCode', 'Country code', {
            maxLength: 2,
            placeholder: 'US',
            required: true,
            autoComplete: 'country',
          })}
          {field('line1', 'Street address', {
            className: 'sm:col-span-2',
            required: true,
            autoComplete: 'address-line1',
          })}
          {field('line2', 'Apartment, suite (optional)', { className: 'sm:col-span-2', autoComplete: 'address-line2' })}
          {field('city', 'City', { required: true, autoComplete: 'address-level2' })}
          {field('state', 'State / region', { required: true, autoComplete: 'address-level1' })}
          {field('zip', 'Postal code', { required: true, autoComplete: 'postal-code' })}
          <div className="flex items-end pb-2">
            <Checkbox
              label="Default address"
              checked={!!form.data.isDefault}
              onChange={(e) => form.setData('isDefault', e.target.checked)}
            />
          </div>
        </div>
      </Card>
    </form>
  );
}

export default function AddressSettings({ addresses, pagination }: Props) {
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const remove = (address: Address) => {
    if (window.confirm(`Remove "${address.label}"?`))
      router.delete(`/settings/addresses/${address.id}`, { preserveScroll: true });
  };

  return (
    <>
      <Head title="Addresses" />
      {editing ? (
        <AddressForm
          key={editing === 'new' ? 'new' : editing.id}
          address={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <div className="flex justify-end">
          <Button onClick={() => setEditing('new')}>Add address</Button>
        </div>
      )}
      {addresses.length === 0 ? (
        <EmptyState
          icon={<MapPinIcon className="h-8 w-8" />}
          title="No addresses yet"
          description="Add a mailing or billing address; one of them is your default."
        />
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {addresses.map((address) => (
            <li
              key={address.id}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="font-semibold text-slate-900 dark:text-white">{address.label}</span>
                {address.isDefault && (
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-brand-900/40 dark:text-brand-300">
                    Default
                  </span>
                )}
              </div>
              <address className="mt-2 flex-1 text-sm not-italic text-slate-600 dark:text-slate-300">
                {address.line1}
                {address.line2 && <>, {address.line2}</>}
                <br />
                {address.city}, {address.state} {address.zip} · {address.countryCode}
              </address>
              <div className="mt-4 flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={() => setEditing(address)}>
                  Edit
                </Button>
                {!address.isDefault && (
                  <Button
                    size="sm"
                    variant="ghost"
                    onClick={() =>
                      router.post(`/settings/addresses/${address.id}/default`, {}, { preserveScroll: true })
                    }
                  >
                    Make default
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-600 dark:text-red-400"
                  onClick={() => remove(address)}
                >
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination
        currentPage={pagination.currentPage}
        lastPage={pagination.lastPage}
        hrefFor={(page) => `/settings/addresses?page=${page}`}
      />
    </>
  );
}

AddressSettings.layout = {
  settingsTitle: 'Addresses',
  settingsIntro: 'Mailing and billing addresses for orders and payouts.',
};
