import { Button } from '@/components/ui';

/** The admin catalogue's Enable/Disable button for an item (an asset, a sticker pack): `onToggle` flips it. */
export function EnableToggle({ enabled, busy, onToggle }: { enabled: boolean; busy: boolean; onToggle: () => void }) {
  return (
    <Button size="sm" variant="secondary" loading={busy} onClick={onToggle}>
      {enabled ? 'Disable' : 'Enable'}
    </Button>
  );
}
