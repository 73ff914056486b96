import { Injectable, NotFoundException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { ValidationFailedException } from '../../common/validation';
import { UpdateUserDto } from './dto/update-user.dto';
import { handleProblem } from './handle';
import { User } from './user.entity';
import { UsersService } from './users.service';
import { requireSelfOrAdmin } from './users.policy';

/** Account changes shared by the users API and the settings pages. */
@Injectable()
export class UserAccountService {
  constructor(private readonly users: UsersService) {}

  /** 'available', or a 422 with errors.handle (form, reserved, or taken by someone else). */
  async assertHandleAvailable(handle: string, exceptUserId?: string): Promise<void> {
    const problem = handleProblem(handle);
    if (problem) throw ValidationFailedException.of('handle', problem);
    if (await this.users.isHandleTaken(handle, exceptUserId))
      throw ValidationFailedException.of('handle', 'This handle is already taken.');
  }

  /** A user changes only themself; admins may change anyone. */
  async findEditable(actor: User, id: string): Promise<User> {
    const target = await this.users.findById(id);
    if (!target) throw new NotFoundException('There is no user with that id.');
    requireSelfOrAdmin(actor, target);
    return target;
  }

  async update(target: User, changes: UpdateUserDto): Promise<User> {
    const patch: Partial<User> = {};
    if (changes.name !== undefined) patch.name = changes.name;
    if (changes.bio !== undefined) patch.bio = changes.bio?.trim() ? changes.bio.trim() : null;
    if (changes.timezone !== undefined) patch.timezone = changes.timezone;
    if (changes.type !== undefined) patch.type = changes.type;
    if (changes.handle !== undefined && changes.handle !== target.handle) {
      await this.assertHandleAvailable(changes.handle, target.id);
      patch.handle = changes.handle;
    }
    if (Object.keys(patch).length === 0) return target;
    try {
      return await this.users.update(target.id, patch);
    } catch (error) {
      // Two people claiming the same handle at once: the unique index decides.
      if (error instanceof QueryFailedError && String((error as { code?: string }).code) === '23505') {
        throw ValidationFailedException.of('handle', 'This handle is already taken.');
      }
      throw error;
    }
  }
}
