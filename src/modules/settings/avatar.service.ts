import { Injectable } from '@nestjs/common';
import { ValidationFailedException } from '../../common/validation';
import { StorageService } from '../storage';
import { User } from '../users';
import { UsersService } from '../users';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Profile pictures: re-encoded (metadata stripped), cropped to a square, one per user. */
@Injectable()
export class AvatarService {
  constructor(
    private readonly storage: StorageService,
    private readonly users: UsersService,
  ) {}

  async replace(user: User, bytes: Buffer | undefined): Promise<User> {
    if (!bytes) throw ValidationFailedException.of('avatar', 'Choose an image to upload.');
    const rules = { field: 'avatar', maxBytes: AVATAR_MAX_BYTES, mimes: ['image/jpeg', 'image/png', 'image/webp'] };
    const stored = await this.storage.storeImage(`avatars/${user.id}`, bytes, rules, [
      { name: 'square', width: 256, height: 256, fit: 'cover' },
    ]);
    const previous = user.avatarPath;
    const updated = await this.users.update(user.id, { avatarPath: stored.variants.square.key });
    if (previous) await this.removeFiles(previous);
    return updated;
  }

  async remove(user: User): Promise<void> {
    if (!user.avatarPath) return;
    await this.users.update(user.id, { avatarPath: null });
    await this.removeFiles(user.avatarPath);
  }

  /** The square variant and its original share the upload id. */
  private async removeFiles(variantKey: string): Promise<void> {
    const original = variantKey.replace(/-square\.webp$/, '.jpg');
    await Promise.all(
      [this.storage.delete(variantKey), this.storage.delete(original)].map((p) => p.catch(() => undefined)),
    );
  }
}
