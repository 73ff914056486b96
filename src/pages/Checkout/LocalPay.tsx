import { Head, router } from '@inertiajs/react';
import type { LocalPaymentSession } from '@contracts/commerce';
import { commerceApi } from '@/api/commerce';
import { formatMoney } from '@/components/commerce/format';
import { Alert, Button, Card } from '@/components/ui';
import { notify } from '@/lib/toast';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

type Props = PageProps<{ session: LocalPaymentSession }>;

/** The local test-mode provider's hosted payment page: pay, fail or abandon. */
export default function LocalPay({ session }: Props) {
  const { running: busy, attempt } = useAttempt();
  const choose = async (outcome: 'succeed' | 'fail' | 'abandon') => {
    await attempt(
      async () => {
        const result = await commerceApi.localPay(session.id, outcome);
        if (outcome === 'fail') notify.error('The test card was declined.');
        router.visit(result.redirect);
      },
      undefined,
      outcome,
    );
  };
  const open = session.status === 'open' || session.status === 'failed';
  return (
    <>
      <Head title="Test payment" />
      <div className="mx-auto max-w-md">
        <Card title="Reelty test payments" description="A stand-in for a card payment page. No money moves.">
          <p className="text-sm text-slate-600 dark:text-slate-300">{session.description}</p>
          <p
            className="my-4 text-4xl font-semibold tabular-nums text-slate-900 dark:text-white"
            data-testid="pay-amount"
          >
            {formatMoney(session.amount)}
          </p>
          {session.status === 'failed' && <Alert variant="error">The last attempt was declined. Try again.</Alert>}
          {!open && <Alert variant="info">This payment session is {session.status}.</Alert>}
          <div className="mt-4 grid gap-2">
            <Button onClick={() => choose('succeed')} loading={busy === 'succeed'} disabled={!open}>
              Pay {formatMoney(session.amount)}
            </Button>
            <Button variant="secondary" onClick={() => choose('fail')} loading={busy === 'fail'} disabled={!open}>
              Decline the card
            </Button>
            <Button variant="ghost" onClick={() => choose('abandon')} loading={busy === 'abandon'}>
              Cancel and go back
            </Button>
          </div>
        </Card>
      </div>
    </>
  );
}
