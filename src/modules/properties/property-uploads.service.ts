import { Injectable, NotFoundException } from '@nestjs/common';
import { ValidationFailedException } from '../../common/validation';
import { StorageService } from '../storage';
import type { User } from '../users';
import { isUuid } from '../../common/uuid.pipe';
import { PHOTO_MAX_BYTES, PHOTOS_PER_PROPERTY } from './property.constants';
import type { Property } from './property.entity';
import { PropertiesRepository } from './properties.repository';
import { uploadJson, UploadJson } from './properties.mapper';
import { PropertiesService } from './properties.service';

/** Listing photos: stored by StorageService under listings/<propertyId>/ with a thumbnail and a web size. */
@Injectable()
export class PropertyUploadsService {
  constructor(
    private readonly repo: PropertiesRepository,
    private readonly storage: StorageService,
    private readonly propertiesService: PropertiesService,
  ) {}

  async upload(
    property: Property,
    user: User,
    bytes: Buffer | undefined,
    options: { componentId?: string; featured?: boolean },
  ): Promise<UploadJson> {
    if (!bytes) throw ValidationFailedException.of('photo', 'Choose a photo to upload.');
    let componentId: string | null = null;
    if (options.componentId) {
      const component = isUuid(options.componentId)
        ? await this.repo.componentById(options.componentId, property.id)
        : null;
      if (!component)
        throw ValidationFailedException.of('component_id', 'This component does not belong to the property.');
      componentId = component.id;
    }
    const count = await this.repo.countPhotos(property.id);
    if (count >= PHOTOS_PER_PROPERTY)
      throw ValidationFailedException.of('photo', `A property can have at most ${PHOTOS_PER_PROPERTY} photos.`);
    const stored = await this.storage.storeImage(
      `listings/${property.id}`,
      bytes,
      { field: 'photo', maxBytes: PHOTO_MAX_BYTES },
      [
        { name: 'thumb', width: 400 },
        { name: 'web', width: 1600 },
      ],
    );
    const upload = await this.repo.insertPhoto({
      propertyId: property.id,
      componentId,
      userId: user.id,
      key: stored.key,
      variants: Object.fromEntries(
        Object.entries(stored.variants).map(([name, v]) => [name, { key: v.key, url: v.url }]),
      ),
      width: stored.width,
      height: stored.height,
      size: stored.size,
      position: count,
    });
    if (options.featured || !property.featuredUploadId) {
      await this.repo.update(property.id, { featuredUploadId: upload.id });
    } else {
      await this.repo.touch(property.id);
    }
    return uploadJson(upload);
  }

  /** DELETE /api/upload/{id}: the row and its files; the next photo becomes the featured one. */
  async delete(id: string, user: User): Promise<void> {
    const upload = await this.repo.photoById(id);
    const property = upload ? await this.propertiesService.findById(upload.propertyId) : null;
    if (!upload || !property || !(await this.propertiesService.canView(property, user))) {
      throw new NotFoundException('There is no such upload.');
    }
    await this.propertiesService.assertEditable(property, user);
    await this.repo.deletePhoto(id);
    if (property.featuredUploadId === id) {
      const next = await this.repo.firstPhotoOf(property.id);
      await this.repo.update(property.id, { featuredUploadId: next?.id ?? null });
    }
    await Promise.all(
      [upload.key, ...Object.values(upload.variants).map((v) => v.key)].map((key) =>
        this.storage.delete(key).catch(() => undefined),
      ),
    );
  }

  /** /media rule for listings/<propertyId>/...: published and public → anyone; otherwise the owner. */
  async canRead(key: string, user: User | null): Promise<boolean> {
    const propertyId = key.split('/')[1] ?? '';
    const property = await this.propertiesService.findById(propertyId);
    if (!property) return false;
    return this.propertiesService.canView(property, user);
  }
}
