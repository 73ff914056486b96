import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock';
import type { EditStates } from '../../contracts/designs';
import type { User } from '../users';
import { sanitizeDesignHtml } from './design-html';
import { DesignsService } from './designs.service';
import { toEditStateJson, toSessionJson } from './designs.mapper';
import { DesignsRepository } from './designs.repository';
import type { DesignEditState, DesignSide } from './entities';
import type { EditStateDto } from './dto/designs.dto';
import { requireEditor } from './designs.policy';

/** The edit view of a design, front and back: its saved state (history, brands, HTML) and the edit sessions. */
@Injectable()
export class DesignEditStateService {
  constructor(
    private readonly repo: DesignsRepository,
    private readonly designs: DesignsService,
    private readonly clock: Clock,
  ) {}

  async editState(user: User, designId: string): Promise<EditStates> {
    const { design } = await this.designs.editable(user, designId);
    const states = await this.repo.editStates(design.id);
    const sessions = await this.repo.recentSessions(design.id, 40);
    const side = (s: DesignSide) => ({
      ...toEditStateJson(states.find((x) => x.side === s) ?? null, s, design.id),
      sessions: sessions
        .filter((x) => x.side === s)
        .slice(0, 20)
        .map(toSessionJson),
    });
    return { front: side('front'), back: side('back') };
  }

  /** The design for its owner, or for a delegate the owner lets edit it; `delegated` says which. */
  async editableBy(user: User, designId: string) {
    const { design, delegated } = await this.designs.editable(user, designId);
    requireEditor(user, design, delegated);
    return { design, delegated };
  }

  async saveEditState(user: User, designId: string, side: DesignSide, dto: EditStateDto) {
    const { design, delegated } = await this.editableBy(user, designId);
    const patch: Partial<DesignEditState> = {};
    if (dto.editHistory)
      patch.editHistory = dto.editHistory.slice(-200).map((e) => ({
        at: String(e.at ?? this.clock.now().toISOString()).slice(0, 40),
        action: String(e.action ?? '').slice(0, 80),
        ...(e.detail ? { detail: String(e.detail).slice(0, 300) } : {}),
      }));
    if (dto.selectedBrands) patch.selectedBrands = [...new Set(dto.selectedBrands)].slice(0, 50);
    if (dto.currentDesignHtml !== undefined) patch.currentDesignHtml = sanitizeDesignHtml(dto.currentDesignHtml);
    const write = (m?: EntityManager) => this.repo.saveEditState(design.id, side, patch, m);
    if (delegated) await this.designs.changeDelegated(user, design, `Edited the ${side} of the design`, write);
    else await write();
    return toEditStateJson(await this.repo.editState(design.id, side), side, design.id);
  }

  async startSession(user: User, designId: string, side: DesignSide) {
    const { design } = await this.designs.editable(user, designId);
    return toSessionJson(await this.repo.startSession(design.id, user.id, side));
  }

  async endSession(user: User, designId: string, sessionId: string) {
    const { design } = await this.designs.editable(user, designId);
    const session = await this.repo.findSession(sessionId, design.id);
    if (!session) throw new NotFoundException('There is no edit session with that id.');
    if (!session.endedAt) await this.repo.endSession(session.id, this.clock.now());
    return toSessionJson({ ...session, endedAt: session.endedAt ?? this.clock.now() });
  }
}
