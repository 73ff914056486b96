import { Injectable } from '@nestjs/common';
import { assertOwned } from '../../common/ownership';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ValidationFailedException } from '../../common/validation';
import type { User } from '../users';
import { CreateSavedSearchDto } from './dto/market.dto';
import { DEFAULT_RADIUS_MILES } from './geo';
import { SavedSearch, SavedSearchParams } from './saved-search.entity';

export const MAX_SAVED_SEARCHES = 50;

export interface SavedSearchJson {
  id: string;
  name: string;
  params: SavedSearchParams;
  created_at: string;
}

const json = (s: SavedSearch): SavedSearchJson => ({
  id: s.id,
  name: s.name,
  params: s.params,
  created_at: s.createdAt.toISOString(),
});

/** A signed-in viewer's saved market searches (at most 50, so the list is bounded). */
@Injectable()
export class SavedSearchesService {
  constructor(@InjectRepository(SavedSearch) private readonly searches: Repository<SavedSearch>) {}

  async list(user: User): Promise<SavedSearchJson[]> {
    return (
      await this.searches.find({ where: { userId: user.id }, order: { createdAt: 'DESC' }, take: MAX_SAVED_SEARCHES })
    ).map(json);
  }

  async create(user: User, dto: CreateSavedSearchDto): Promise<SavedSearchJson> {
    if ((await this.searches.countBy({ userId: user.id })) >= MAX_SAVED_SEARCHES) {
      throw ValidationFailedException.of(
        'name',
        `You can keep at most ${MAX_SAVED_SEARCHES} saved searches; delete one first.`,
      );
    }
    const p = dto.params;
    if (p.lat === undefined || p.lng === undefined)
      throw ValidationFailedException.of('params.lat', 'Save a search with a centre (latitude and longitude).');
    const params: SavedSearchParams = Object.fromEntries(
      Object.entries({
        q: p.q,
        lat: p.lat,
        lng: p.lng,
        radius: p.radius ?? DEFAULT_RADIUS_MILES,
        min_price: p.min_price,
        max_price: p.max_price,
        type: p.type,
        sector: p.sector,
        status: p.status,
      }).filter(([, v]) => v !== undefined && v !== null && v !== ''),
    ) as unknown as SavedSearchParams;
    return json(await this.searches.save(this.searches.create({ userId: user.id, name: dto.name, params })));
  }

  async delete(user: User, id: string): Promise<void> {
    assertOwned(await this.searches.findOneBy({ id }), user.id, 'saved search');
    await this.searches.delete({ id });
  }
}
