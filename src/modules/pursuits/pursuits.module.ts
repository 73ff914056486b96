import { Module, OnModuleInit } from '@nestjs/common';
import { PolicyChecks } from '../policies';
import { UsersModule } from '../users/users.module';
import { PursuitsController } from './pursuits.controller';
import { PursuitsRepository } from './pursuits.repository';
import { PursuitsService } from './pursuits.service';

/** Pursuits: a user's goals with a target, progress and milestones, private or shared with one of their teams. */
@Module({
  imports: [UsersModule],
  controllers: [PursuitsController],
  providers: [PursuitsRepository, PursuitsService],
  exports: [PursuitsService],
})
export class PursuitsModule implements OnModuleInit {
  constructor(
    private readonly policies: PolicyChecks,
    private readonly pursuits: PursuitsService,
  ) {}

  onModuleInit(): void {
    this.policies.define('pursuit.change', (user, id) => this.pursuits.owned(user, id));
    this.policies.define('pursuit-milestone.change', (user, id) => this.pursuits.milestone(user, id));
  }
}
