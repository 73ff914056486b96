import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ValidationFailedException } from '../../common/validation';
import { StorageService } from '../storage';
import type { User } from '../users';
import { isUuid } from '../../common/uuid.pipe';
import { PHOTO_MAX_BYTES, PHOTOS_PER_PROPERTY } from './property.constants';
import { Property, PropertyComponent, PropertyUpload } from './property.entity';
import { uploadJson, UploadJson } from './properties.mapper';
import { PropertiesService } from './properties.service';

/** Listing photos: stored by StorageService under listings/<propertyId>/ with a thumbnail and a web size. */
@Injectable()
export class PropertyUploadsService {
  constructor(
    @InjectRepository(PropertyUpload) private readonly uploads: Repository<PropertyUpload>,
    @InjectRepository(PropertyComponent) private readonly components: Repository<PropertyComponent>,
    @InjectRepository(Property) private readonly properties: Repository<Property>,
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
        ? await this.components.findOneBy({ id: options.componentId, propertyId: property.id })
        : null;
      if (!component)
        throw ValidationFailedException.of('component_id', 'This component does not belong to the property.');
      componentId = component.id;
    }
    const count = await this.uploads.countBy({ propertyId: property.id });
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
    const upload = await this.uploads.save(
      this.uploads.create({
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
      }),
    );
    if (options.featured || !property.featuredUploadId) {
      await this.properties.update({ id: property.id }, { featuredUploadId: upload.id });
    } else {
      await this.properties.update({ id: property.id }, { updatedAt: new Date() });
    }
    return uploadJson(upload);
  }

  /** DELETE /api/upload/{id}: the row and its files; the next photo becomes the featured one. */
  async delete(id: string, user: User): Promise<void> {
    const upload = await this.uploads.findOneBy({ id });
    const property = upload ? await this.propertiesService.findById(upload.propertyId) : null;
    if (!upload || !property || !(await this.propertiesService.canView(property, user))) {
      throw new NotFoundException('There is no such upload.');
    }
    await this.propertiesService.assertEditable(property, user);
    await this.uploads.delete({ id });
    if (property.featuredUploadId === id) {
      const next = await this.uploads.findOne({
        where: { propertyId: property.id },
        order: { position: 'ASC', createdAt: 'ASC' },
      });
      await this.properties.update({ id: property.id }, { featuredUploadId: next?.id ?? null });
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
