import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { sharp } from '../../common/sharp';
import { RateLimiterService } from '../security';
import { StorageService } from '../storage';
import { TeamBudgetService } from '../teams';
import { UsageService } from '../usage';
import type { User } from '../users';
import { TEXT_PROVIDER, TextModelProvider } from './chat/text-provider';
import { DesignChatModerationService } from './design-chat-moderation.service';
import { DesignsService } from './designs.service';
import { toChatMessageJson } from './designs.mapper';
import { DesignsRepository } from './designs.repository';
import { ProviderError } from './providers';
import { requireChatOwner } from './designs.policy';

/** What one design-chat answer is expected to cost at most (micro-dollars), reserved before the call. */
const DESIGN_CHAT_ESTIMATE_MICRO = 20_000;

/** The design chat: the owner asks the text model about a design; each answer is metered, budgeted and screened. */
@Injectable()
export class DesignChatService {
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

  async chat(user: User, designId: string) {
    const design = await this.designs.owned(user, designId);
    return (await this.repo.chatMessages(design.id, 'ASC', 200)).map(toChatMessageJson);
  }

  async ask(user: User, designId: string, message: string) {
    const design = await this.designs.load(user, designId);
    requireChatOwner(user, design);
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
