import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DevMailboxController } from './dev-mailbox.controller';
import { Mail } from './mail.entity';
import { MailService } from './mail.service';

@Global()
@Module({
  imports: [TypeOrmModule.forFeature([Mail])],
  controllers: [DevMailboxController],
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
