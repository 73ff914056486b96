import { Injectable } from '@nestjs/common';
import { ValidationFailedException } from '../../common/validation';
import { EmailVerificationService } from '../auth';
import { UserAccountService } from '../users';
import { User } from '../users';
import { UsersService } from '../users';
import { ProfileDto } from './dto/settings.dto';

/** Profile edits; a new email address must be verified again. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly users: UsersService,
    private readonly accounts: UserAccountService,
    private readonly verification: EmailVerificationService,
  ) {}

  async update(user: User, input: ProfileDto): Promise<{ user: User; emailChanged: boolean }> {
    const emailChanged = input.email !== user.email;
    if (emailChanged) {
      const owner = await this.users.findByEmail(input.email);
      if (owner && owner.id !== user.id)
        throw ValidationFailedException.of('email', 'This email address is already used by another account.');
    }
    if (input.handle !== null && input.handle !== user.handle)
      await this.accounts.assertHandleAvailable(input.handle, user.id);
    const patch: Partial<User> = { name: input.name, handle: input.handle, bio: input.bio };
    if (emailChanged) Object.assign(patch, { email: input.email, emailVerifiedAt: null });
    const updated = await this.users.update(user.id, patch);
    if (emailChanged) await this.verification.send(updated);
    return { user: updated, emailChanged };
  }
}
