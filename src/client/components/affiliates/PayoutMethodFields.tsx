import type { PayoutMethod } from '@contracts/affiliates';
import { SelectField, TextField } from '@/components/ui';
import { cn } from '@/lib/cn';

export const METHOD_LABELS: Record<PayoutMethod, string> = {
  manual: 'Bank transfer',
  paypal: 'PayPal',
  crypto: 'USDC (crypto)',
};

export interface PayoutMethodValues {
  payout_method: string;
  payout_destination: string;
  payout_destination_confirmation: string;
}

/** What a text control bound to one field takes: useApiForm's `form.field(name)`. */
interface BoundField {
  name: string;
  value: string;
  error?: string;
  onChange: (event: { target: { value: string } }) => void;
}

interface Props {
  /** The form's binder for these fields (`form.field` of useApiForm). */
  field: (name: keyof PayoutMethodValues) => BoundField;
  /** The chosen method: whether a destination is asked for, and what it is called. */
  method: string;
  /** Destination and its confirmation side by side from `sm` up (the wide application form). */
  sideBySide?: boolean;
  /** The methods this setup can pay with (the server's `payout_methods` prop): only these are offered. */
  offered: PayoutMethod[];
}

/**
 * How an affiliate is paid, shared by the application and the payout settings. The destination is typed twice
 * (pasting into the second box is refused): a mistyped wallet address loses the money for good.
 */
export function PayoutMethodFields({ field, method, sideBySide = false, offered }: Props) {
  const options = offered.map((value) => ({ value, label: METHOD_LABELS[value] }));
  return (
    <>
      <SelectField label="How you want to be paid" options={options} {...field('payout_method')} />
      {method !== 'manual' && (
        <div className={cn('grid gap-4', sideBySide && 'sm:grid-cols-2')}>
          <TextField
            label={method === 'paypal' ? 'PayPal email' : 'USDC address'}
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
