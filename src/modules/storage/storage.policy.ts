import { allowOnly } from '../policies';

/**
 * A stored file is read by whoever the rule of its key's area allows (MediaAccessService asks the area that
 * registered the key's prefix: a chat's images its participants, a video's segments who may watch it).
 */
export function requireReader(allowed: boolean): void {
  allowOnly(allowed, 'You do not have access to this file.');
}
