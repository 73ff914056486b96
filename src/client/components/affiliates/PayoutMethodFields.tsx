import { FormField, Input, Select } from '@/components/ui';
import { cn } from '@/lib/cn';

const METHODS = [
  { value: 'manual', label: 'Bank transfer' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'crypto', label: 'USDC (crypto)' },
];

export interface PayoutMethodValues {
  payout_method: string;
  payout_destination: string;
  payout_destination_confirmation: string;
}

interface Props {
  data: PayoutMethodValues;
  errors: Record<string, string | undefined>;
  set: (field: keyof PayoutMethodValues, value: string) => void;
  /** Destination and its confirmation side by side from `sm` up (the wide application form). */
  sideBySide?: boolean;
}

/**
 * How an affiliate is paid, shared by the application and the payout settings. The destination is typed twice
 * (pasting into the second box is refused): a mistyped wallet address loses the money for good.
 */
export function PayoutMethodFields({ data, errors, set, sideBySide = false }: Props) {
  return (
    <>
      <FormField label="How you want to be paid" name="payout_method" error={errors.payout_method}>
        <Select options={METHODS} value={data.payout_method} onChange={(e) => set('payout_method', e.target.value)} />
      </FormField>
      {data.payout_method !== 'manual' && (
        <div className={cn('grid gap-4', sideBySide && 'sm:grid-cols-2')}>
          <FormField
            label={data.payout_method === 'paypal' ? 'PayPal email' : 'USDC address'}
            name="payout_destination"
            error={errors.payout_destination}
          >
            <Input
              value={data.payout_destination}
              onChange={(e) => set('payout_destination', e.target.value)}
              autoComplete="off"
            />
          </FormField>
          <FormField
            label="Type it again"
            name="payout_destination_confirmation"
            error={errors.payout_destination_confirmation}
          >
            <Input
              value={data.payout_destination_confirmation}
              onChange={(e) => set('payout_destination_confirmation', e.target.value)}
              autoComplete="off"
              onPaste={(e) => e.preventDefault()}
            />
          </FormField>
        </div>
      )}
    </>
  );
}
