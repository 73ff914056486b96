import { Module } from '@nestjs/common';
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
export class PursuitsModule {}
