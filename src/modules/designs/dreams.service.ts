import { Injectable, NotFoundException } from '@nestjs/common';
import { assertOwned } from '../../common/ownership.policy';
import { pageOf } from '../../common/pagination';
import type { DreamPage } from '../../contracts/designs';
import type { User } from '../users';
import { DesignsService } from './designs.service';
import { toDreamJson } from './designs.mapper';
import { DesignsRepository } from './designs.repository';
import type { Dream } from './entities';
import type { SaveDreamDto } from './dto/designs.dto';
import { requireOwner } from './designs.policy';

/** Dreams: the designs (or one generated version) a user keeps, with a title and a note. */
@Injectable()
export class DreamsService {
  constructor(
    private readonly repo: DesignsRepository,
    private readonly designs: DesignsService,
  ) {}

  async dreams(user: User, page: number, perPage: number): Promise<DreamPage> {
    const [rows, total] = await this.repo.dreamsPage(user.id, (page - 1) * perPage, perPage);
    const { data, ...numbers } = pageOf(await this.dreamJsonMany(rows), page, perPage, total);
    return { dreams: data, ...numbers };
  }

  async dream(user: User, id: string) {
    const dream = assertOwned(await this.repo.findDream(id), user.id, 'dream');
    const [json] = await this.dreamJsonMany([dream], true);
    return json;
  }

  async saveDream(user: User, dto: SaveDreamDto) {
    const design = await this.designs.owned(user, dto.design_id);
    requireOwner(user, design);
    if (dto.generated_design_id) {
      const g = await this.repo.findGenerated(dto.generated_design_id, design.id);
      if (!g) throw new NotFoundException('That generated design does not belong to this design.');
    }
    const dream = await this.repo.saveDream({
      userId: user.id,
      designId: design.id,
      generatedDesignId: dto.generated_design_id ?? null,
      title: dto.title,
      note: dto.note || null,
    });
    return this.dream(user, dream.id);
  }

  async deleteDream(user: User, id: string): Promise<void> {
    await this.dream(user, id);
    await this.repo.deleteDream(id);
  }

  private async dreamJsonMany(rows: Dream[], full = false) {
    if (!rows.length) return [];
    const designs = await this.repo.byIds(rows.map((r) => r.designId));
    const generated = await this.repo.generatedOf(designs.map((d) => d.id));
    return rows.map((r) =>
      toDreamJson(
        r,
        designs.find((d) => d.id === r.designId)!,
        generated,
        full,
      ),
    );
  }
}
