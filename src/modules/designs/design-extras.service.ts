import { ForbiddenException, HttpException, HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { sharp } from '../../common/sharp';
import { pageOf } from '../../common/pagination';
import { assertOwned } from '../../common/ownership';
import type { DreamPage, EditStates } from '../../contracts/designs';
import { RateLimiterService } from '../security';
import { StorageService } from '../storage';
import { TeamBudgetService } from '../teams';
import { UsageService } from '../usage';
import type { User } from '../users';
import { TEXT_PROVIDER, TextModelProvider } from './chat/text-provider';
import { DesignChatModerationService } from './design-chat-moderation.service';
import { DesignsService } from './designs.service';
import { toChatMessageJson, toDreamJson, toEditStateJson, toSessionJson } from './designs.mapper';
import { DesignsRepository } from './designs.repository';
import type { DesignEditState, DesignSide, Dream } from './entities';
import { ProviderError } from './providers';
import type { EditStateDto, SaveDreamDto } from './dto/designs.dto';

/** What one design-chat answer is expected to cost at most (micro-dollars), reserved before the call. */
const DESIGN_CHAT_ESTIMATE_MICRO = 20_000;

/** Edit state per side, dreams and design chat: the parts of the designer around one design. */
@Injectable()
export class DesignExtrasService {
  constructor(
    private readonly repo: DesignsRepository,
    private readonly designs: DesignsService,
    private readonly storage: StorageService,
    private readonly usage: UsageService,
    private readonly rateLimiter: RateLimiterService,
    private readonly teamBudget: TeamBudgetService,
    @Inject(TEXT_PROVIDER) private readonly text: TextModelProvider,
    private readonly moderation: DesignChatModerationService,
  ) {}

  get chatProvider() {
    return { name: this.text.name, label: this.text.label, model: this.text.model };
  }

  // ---- edit view, front and back ----

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
    if (design.userId !== user.id && !delegated) throw new ForbiddenException('Only the owner can edit this design.');
    return { design, delegated };
  }

  async saveEditState(user: User, designId: string, side: DesignSide, dto: EditStateDto) {
    const { design, delegated } = await this.editableBy(user, designId);
    const patch: Partial<DesignEditState> = {};
    if (dto.editHistory)
      patch.editHistory = dto.editHistory.slice(-200).map((e) => ({
        at: String(e.at ?? new Date().toISOString()).slice(0, 40),
        action: String(e.action ?? '').slice(0, 80),
        ...(e.detail ? { detail: String(e.detail).slice(0, 300) } : {}),
      }));
    if (dto.selectedBrands) patch.selectedBrands = [...new Set(dto.selectedBrands)].slice(0, 50);
    if (dto.currentDesignHtml !== undefined) patch.currentDesignHtml = sanitizeHtml(dto.currentDesignHtml);
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
    if (!session.endedAt) await this.repo.endSession(session.id, new Date());
    return toSessionJson({ ...session, endedAt: session.endedAt ?? new Date() });
  }

  // ---- dreams ----

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
    if (design.userId !== user.id) throw new ForbiddenException('This design belongs to someone else.');
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

  // ---- design chat ----

  async chat(user: User, designId: string) {
    const design = await this.designs.owned(user, designId);
    return (await this.repo.chatMessages(design.id, 'ASC', 200)).map(toChatMessageJson);
  }

  async ask(user: User, designId: string, message: string) {
    const design = await this.designs.load(user, designId);
    if (design.userId !== user.id) throw new ForbiddenException('Only the owner can chat about this design.');
    await this.rateLimiter.hit(`design-chat:${user.id}`, 30, 60);
    // The team's monthly AI budget and the member's cap hold the estimate until the real cost is known.
    const reservation = await this.teamBudget.reserve(user, 'design_chat', DESIGN_CHAT_ESTIMATE_MICRO);
    const question = await this.repo.saveChatMessage({
      designId: design.id,
      userId: user.id,
      role: 'user',
      content: message,
      provider: null,
      model: null,
    });
    const history = await this.repo.chatMessages(design.id, 'DESC', 20);
    const latest = [...(design.generatedDesigns ?? [])].reverse().find((g) => g.status === 'completed');
    const palette = latest?.image ? await this.palette(latest.image) : [];
    let completion;
    try {
      completion = await this.text.reply(
        history.reverse().map((m) => ({ role: m.role, content: m.content })),
        {
          options: latest?.options ?? design.options,
          prompt: design.prompt,
          palette,
          generatedCount: design.generatedDesigns?.length ?? 0,
        },
      );
    } catch (error) {
      await this.teamBudget.settle(reservation, 0);
      await this.usage.record({
        userId: user.id,
        kind: 'llm',
        provider: this.text.name,
        model: this.text.model,
        operation: 'design_chat',
        units: 0,
        unit: 'token',
        subjectId: design.id,
        succeeded: false,
      });
      const reason = error instanceof ProviderError ? error.message : 'The assistant is unavailable.';
      throw new HttpException({ message: `${reason} Try again shortly.` }, HttpStatus.BAD_GATEWAY);
    }
    await this.teamBudget.settle(reservation, completion.usage.costUsd * 1_000_000);
    await this.usage.record({
      userId: user.id,
      kind: 'llm',
      provider: this.text.name,
      model: completion.model,
      operation: 'design_chat',
      units: completion.usage.inputTokens + completion.usage.outputTokens,
      unit: 'token',
      inputTokens: completion.usage.inputTokens,
      outputTokens: completion.usage.outputTokens,
      costUsd: completion.usage.costUsd,
      durationMs: completion.usage.durationMs,
      subjectId: design.id,
    });
    const answer = await this.repo.saveChatMessage({
      designId: design.id,
      userId: user.id,
      role: 'assistant',
      content: completion.content.slice(0, 8000),
      provider: this.text.name,
      model: completion.model,
    });
    // The content filter puts matching messages in front of the moderators (DesignChat); nothing is blocked.
    await this.moderation.screen(question.id, question.content);
    await this.moderation.screen(answer.id, answer.content);
    return { message: toChatMessageJson(question), reply: toChatMessageJson(answer) };
  }

  private async palette(key: string): Promise<string[]> {
    try {
      const chunks: Buffer[] = [];
      for await (const c of await this.storage.read(key)) chunks.push(c as Buffer);
      const { data } = await sharp(Buffer.concat(chunks))
        .resize(3, 1, { fit: 'fill' })
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const out: string[] = [];
      for (let i = 0; i + 2 < data.length; i += 3)
        out.push(`#${[data[i], data[i + 1], data[i + 2]].map((v) => v.toString(16).padStart(2, '0')).join('')}`);
      return out;
    } catch {
      return [];
    }
  }
}

/** The edit view stores the design's HTML: keep only inert markup (no scripts, handlers or URLs with javascript:). */
export function sanitizeHtml(html: string): string {
  return html
    .replace(/<\s*(script|style|iframe|object|embed|link|meta)[^>]*>[\s\S]*?<\s*\/\s*\1\s*>/gi, '')
    .replace(/<\s*(script|style|iframe|object|embed|link|meta)[^>]*\/?>/gi, '')
    .replace(/\son[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/(href|src|xlink:href)\s*=\s*("|')\s*javascript:[^"']*\2/gi, '$1="#"');
}
