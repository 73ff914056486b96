import { SelectField, TextField } from '@/components/ui';
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
  const field = (name: keyof PayoutMethodValues) => ({
    name,
    value: data[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => set(name, e.target.value),
  });
  return (
    <>
      <SelectField label="How you want to be paid" options={METHODS} {...field('payout_method')} />
      {data.payout_method !== 'manual' && (
        <div className={cn('grid gap-4', sideBySide && 'sm:grid-cols-2')}>
          <TextField
            label={data.payout_method === 'paypal' ? 'PayPal email' : 'USDC address'}
            autoComplete="off"
            {...field('payout_destination')}
          />
          <TextField
            label="Type it again"
            autoComplete="off"
            onPaste={(e) => e.preventDefault()}
            {...field('payout_destination_confirmation')}
          />
        </div>
      )}
    </>
  );
}
