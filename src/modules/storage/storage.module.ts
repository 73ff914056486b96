import { Global, Module, OnModuleInit } from '@nestjs/common';
import { MediaAccessRegistry } from './media-access.registry';
import { MediaController } from './media.controller';
import { StorageService } from './storage.service';

@Global()
@Module({
  controllers: [MediaController],
  providers: [StorageService, MediaAccessRegistry],
  exports: [StorageService, MediaAccessRegistry],
})
export class StorageModule implements OnModuleInit {
  constructor(private readonly access: MediaAccessRegistry) {}

  onModuleInit(): void {
    // Profile pictures are public like the profiles they belong to.
    this.access.register('avatars/', () => true);
  }
}
