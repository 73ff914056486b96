import { ForbiddenException, HttpException, HttpStatus, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { RateLimiterService } from '../security/rate-limiter.service';
import { StorageService } from '../storage/storage.service';
import { UsageService } from '../usage/usage.service';
import type { User } from '../users/user.entity';
import { isUuid } from '../../common/uuid.pipe';
import { TEXT_PROVIDER, TextModelProvider } from './chat/text-provider';
import { DesignsService } from './designs.service';
import { toDesignJson } from './designs.serializer';
import {
  Design,
  DesignChatMessage,
  DesignEditSession,
  DesignEditState,
  DesignSide,
  Dream,
  GeneratedDesign,
} from './entities';
import { ProviderError } from './providers';
import type { EditStateDto, SaveDreamDto } from './dto/designs.dto';

const editJson = (s: DesignEditState | null, side: DesignSide, designId: string) => ({
  design_id: designId,
  side,
  editHistory: s?.editHistory ?? [],
  selectedBrands: s?.selectedBrands ?? [],
  currentDesignHtml: s?.currentDesignHtml ?? '',
  updated_at: s ? new Date(s.updatedAt).toISOString() : null,
});

const sessionJson = (s: DesignEditSession) => ({
  id: s.id,
  side: s.side,
  edits: s.edits,
  started_at: new Date(s.startedAt).toISOString(),
  ended_at: s.endedAt ? new Date(s.endedAt).toISOString() : null,
});
const chatJson = (m: DesignChatMessage) => ({
  id: m.id,
  role: m.role,
  content: m.content,
  provider: m.provider,
  model: m.model,
  created_at: new Date(m.createdAt).toISOString(),
});

/** Edit state per side, dreams and design chat: the parts of the designer around one design. */
@Injectable()
export class DesignExtrasService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly designs: DesignsService,
    private readonly storage: StorageService,
    private readonly usage: UsageService,
    private readonly rateLimiter: RateLimiterService,
    @Inject(TEXT_PROVIDER) private readonly text: TextModelProvider,
  ) {}

  get chatProvider() {
    return { name: this.text.name, label: this.text.label, model: this.text.model };
  }

  // ---- edit view, front and back ----

  async editState(user: User, designId: string) {
    const design = await this.designs.owned(user, designId);
    const states = await this.db.getRepository(DesignEditState).findBy({ designId: design.id });
    const sessions = await this.db
      .getRepository(DesignEditSession)
      .find({ where: { designId: design.id }, order: { startedAt: 'DESC' }, take: 40 });
    const side = (s: DesignSide) => ({
      ...editJson(states.find((x) => x.side === s) ?? null, s, design.id),
      sessions: sessions
        .filter((x) => x.side === s)
        .slice(0, 20)
        .map(sessionJson),
    });
    return { front: side('front'), back: side('back') };
  }

  async saveEditState(user: User, designId: string, side: DesignSide, dto: EditStateDto) {
    const design = await this.designs.owned(user, designId);
    if (design.userId !== user.id) throw new ForbiddenException('Only the owner can edit this design.');
    const patch: Partial<DesignEditState> = {};
    if (dto.editHistory)
      patch.editHistory = dto.editHistory.slice(-200).map((e) => ({
        at: String(e.at ?? new Date().toISOString()).slice(0, 40),
        action: String(e.action ?? '').slice(0, 80),
        ...(e.detail ? { detail: String(e.detail).slice(0, 300) } : {}),
      }));
    if (dto.selectedBrands) patch.selectedBrands = [...new Set(dto.selectedBrands)].slice(0, 50);
    if (dto.currentDesignHtml !== undefined) patch.currentDesignHtml = sanitizeHtml(dto.currentDesignHtml);
    await this.db.query(
      `INSERT INTO design_edit_states (design_id, side, edit_history, selected_brands, current_design_html, updated_at)
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (design_id, side) DO UPDATE SET
         edit_history = CASE WHEN $6 THEN EXCLUDED.edit_history ELSE design_edit_states.edit_history END,
         selected_brands = CASE WHEN $7 THEN EXCLUDED.selected_brands ELSE design_edit_states.selected_brands END,
         current_design_html = CASE WHEN $8 THEN EXCLUDED.current_design_html ELSE design_edit_states.current_design_html END,
         updated_at = now()`,
      [
        design.id,
        side,
        JSON.stringify(patch.editHistory ?? []),
        JSON.stringify(patch.selectedBrands ?? []),
        patch.currentDesignHtml ?? '',
        !!patch.editHistory,
        !!patch.selectedBrands,
        patch.currentDesignHtml !== undefined,
      ],
    );
    // Count the change in the open session of this side.
    await this.db.query(
      `UPDATE design_edit_sessions SET edits = edits + 1 WHERE id = (SELECT id FROM design_edit_sessions WHERE design_id = $1 AND side = $2 AND ended_at IS NULL ORDER BY started_at DESC LIMIT 1)`,
      [design.id, side],
    );
    const state = await this.db.getRepository(DesignEditState).findOneBy({ designId: design.id, side });
    return editJson(state, side, design.id);
  }

  async startSession(user: User, designId: string, side: DesignSide) {
    const design = await this.designs.owned(user, designId);
    await this.db.query(
      `UPDATE design_edit_sessions SET ended_at = now() WHERE design_id = $1 AND side = $2 AND ended_at IS NULL`,
      [design.id, side],
    );
    const repo = this.db.getRepository(DesignEditSession);
    return sessionJson(
      await repo.save(repo.create({ designId: design.id, userId: user.id, side, edits: 0, endedAt: null })),
    );
  }

  async endSession(user: User, designId: string, sessionId: string) {
    const design = await this.designs.owned(user, designId);
    if (!isUuid(sessionId)) throw new NotFoundException('There is no edit session with that id.');
    const session = await this.db.getRepository(DesignEditSession).findOneBy({ id: sessionId, designId: design.id });
    if (!session) throw new NotFoundException('There is no edit session with that id.');
    if (!session.endedAt)
      await this.db.getRepository(DesignEditSession).update({ id: session.id }, { endedAt: new Date() });
    return sessionJson({ ...session, endedAt: session.endedAt ?? new Date() });
  }

  // ---- dreams ----

  async dreams(user: User, page: number, perPage: number) {
    const [rows, total] = await this.db.getRepository(Dream).findAndCount({
      where: { userId: user.id },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * perPage,
      take: perPage,
    });
    return {
      dreams: await this.dreamJsonMany(rows),
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      per_page: perPage,
      total,
    };
  }

  async dream(user: User, id: string) {
    if (!isUuid(id)) throw new NotFoundException('There is no dream with that id.');
    const dream = await this.db.getRepository(Dream).findOneBy({ id });
    if (!dream) throw new NotFoundException('There is no dream with that id.');
    if (dream.userId !== user.id) throw new ForbiddenException('This dream belongs to someone else.');
    const [json] = await this.dreamJsonMany([dream], true);
    return json;
  }

  async saveDream(user: User, dto: SaveDreamDto) {
    const design = await this.designs.owned(user, dto.design_id);
    if (design.userId !== user.id) throw new ForbiddenException('This design belongs to someone else.');
    if (dto.generated_design_id) {
      const g = await this.db
        .getRepository(GeneratedDesign)
        .findOneBy({ id: dto.generated_design_id, designId: design.id });
      if (!g) throw new NotFoundException('That generated design does not belong to this design.');
    }
    const repo = this.db.getRepository(Dream);
    const dream = await repo.save(
      repo.create({
        userId: user.id,
        designId: design.id,
        generatedDesignId: dto.generated_design_id ?? null,
        title: dto.title,
        note: dto.note || null,
      }),
    );
    return this.dream(user, dream.id);
  }

  async deleteDream(user: User, id: string): Promise<void> {
    await this.dream(user, id);
    await this.db.getRepository(Dream).delete({ id });
  }

  private async dreamJsonMany(rows: Dream[], full = false) {
    if (!rows.length) return [];
    const designs = await this.db
      .getRepository(Design)
      .createQueryBuilder('d')
      .where('d.id IN (:...ids)', { ids: [...new Set(rows.map((r) => r.designId))] })
      .getMany();
    const generated = await this.db
      .getRepository(GeneratedDesign)
      .createQueryBuilder('g')
      .where('g.design_id IN (:...ids)', { ids: designs.map((d) => d.id) })
      .orderBy('g.created_at', 'ASC')
      .getMany();
    return rows.map((r) => {
      const design = designs.find((d) => d.id === r.designId)!;
      const own = generated.filter((g) => g.designId === design.id);
      const chosen =
        own.find((g) => g.id === r.generatedDesignId) ??
        [...own].reverse().find((g) => g.status === 'completed') ??
        null;
      return {
        id: r.id,
        title: r.title,
        note: r.note,
        design_id: r.designId,
        generated_design_id: r.generatedDesignId,
        image: chosen?.image ? `/media/${chosen.image}` : design.image ? `/media/${design.image}` : null,
        original_image: `/media/${design.originalImage}`,
        options: chosen?.options ?? design.options,
        created_at: new Date(r.createdAt).toISOString(),
        ...(full ? { design: toDesignJson(design, own) } : {}),
      };
    });
  }

  // ---- design chat ----

  async chat(user: User, designId: string) {
    const design = await this.designs.owned(user, designId);
    const messages = await this.db
      .getRepository(DesignChatMessage)
      .find({ where: { designId: design.id }, order: { createdAt: 'ASC' }, take: 200 });
    return messages.map(chatJson);
  }

  async ask(user: User, designId: string, message: string) {
    const design = await this.designs.load(user, designId);
    if (design.userId !== user.id) throw new ForbiddenException('Only the owner can chat about this design.');
    await this.rateLimiter.hit(`design-chat:${user.id}`, 30, 60);
    const repo = this.db.getRepository(DesignChatMessage);
    const question = await repo.save(
      repo.create({
        designId: design.id,
        userId: user.id,
        role: 'user',
        content: message,
        provider: null,
        model: null,
      }),
    );
    const history = await repo.find({ where: { designId: design.id }, order: { createdAt: 'DESC' }, take: 20 });
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
    const answer = await repo.save(
      repo.create({
        designId: design.id,
        userId: user.id,
        role: 'assistant',
        content: completion.content.slice(0, 8000),
        provider: this.text.name,
        model: completion.model,
      }),
    );
    return { message: chatJson(question), reply: chatJson(answer) };
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
