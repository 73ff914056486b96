import { allowOnly } from '../policies';

/** A paid pack's stickers are sent in chat and worn on a profile only by someone who owns the pack. */
export function requirePackOwned(paid: boolean, owned: boolean, packName: string, verb: 'send' | 'wear'): void {
  allowOnly(!paid || owned, `"${packName}" is a paid sticker pack: buy it to ${verb} its stickers.`);
}
