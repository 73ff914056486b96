import { Module, OnModuleInit } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { SocietyController } from './society.controller';
import { SocietyPostsService } from './society-posts.service';
import { SocietyRepository } from './society.repository';
import { SocietyService } from './society.service';
import { PolicyChecks } from '../policies';

/**
 * Societies: public or invite-only groups with an owner, moderators and members; posts (keyset-paged feed) and
 * comments; creating one needs trust level 2; flagged posts go to the society's moderators.
 */
@Module({
  imports: [UsersModule],
  controllers: [SocietyController],
  providers: [SocietyRepository, SocietyService, SocietyPostsService],
  exports: [SocietyService, SocietyPostsService],
})
export class SocietyModule implements OnModuleInit {
  constructor(
    private readonly policies: PolicyChecks,
    private readonly societies: SocietyService,
    private readonly posts: SocietyPostsService,
  ) {}

  onModuleInit(): void {
    this.policies.define('society.change', (user, id) => this.societies.changeable(id, user));
    this.policies.define('society.roles', (user, id) => this.societies.rolesChangeable(id, user));
    this.policies.define('society.moderate', (user, id) => this.societies.moderator(id, user));
    this.policies.define('society.post', (user, id) => this.societies.member(id, user));
    this.policies.define('society-post.comment', (user, id) => this.posts.commentable(user, id));
    this.posts.registerModeration();
  }
}
