import { iso } from '../../common/iso';
import { Injectable, NotFoundException } from '@nestjs/common';
import type { AuditHook } from '../../common/audit-hook';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import type { DesignChatFlagJson, DesignChatModerationAction } from '../../contracts/admin-content';
import type { Page } from '../../contracts/common';
import type { User } from '../users';
import { DesignChatModerationRepository, type FlagRow } from './design-chat-moderation.repository';
import { DesignsRepository } from './designs.repository';
import { requireChatReporter } from './designs.policy';

/** The simple content filter: off-platform contact, links and abuse. Each rule names why it flagged. */
const FILTER_RULES: Array<{ pattern: RegExp; reason: string }> = [
  { pattern: /\bhttps?:\/\/|\bwww\.[a-z0-9-]+\.[a-z]{2,}/i, reason: 'Contains a link' },
  { pattern: /[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}/i, reason: 'Contains an email address' },
  { pattern: /(?:\+?\d[\s.-]?){9,}/, reason: 'Contains a phone number' },
  { pattern: /\b(idiot|stupid|moron|scam|kill yourself|hate you)\b/i, reason: 'Abusive language' },
];

/** Why the filter flags a text, or null when it passes. */
export function contentFilterReason(text: string): string | null {
  return FILTER_RULES.find((r) => r.pattern.test(text))?.reason ?? null;
}

const toFlagJson = (r: FlagRow): DesignChatFlagJson => ({
  id: r.id,
  source: r.source,
  reason: r.reason,
  reporter_id: r.reporter_id,
  created_at: iso(r.created_at),
  resolved_at: iso(r.resolved_at),
  resolution: r.resolution,
  message: {
    id: r.message_id,
    design_id: r.design_id,
    author_id: r.author_id,
    role: r.role,
    content: r.content,
    hidden: !!r.hidden_at,
    created_at: iso(r.message_created_at),
  },
});

/**
 * Design-chat moderation: owners flag a message, the content filter flags on its own, and moderators review the
 * flags (hide the message, dismiss, or resolve as warned/suspended while the admin console acts on the author).
 */
@Injectable()
export class DesignChatModerationService {
  constructor(
    private readonly repo: DesignChatModerationRepository,
    private readonly designs: DesignsRepository,
  ) {}

  /** The design's owner reports a message of its chat. */
  async report(user: User, designId: string, messageId: string, reason: string): Promise<void> {
    const message = await this.repo.message(messageId);
    if (!message || message.design_id !== designId) throw new NotFoundException('No such message.');
    requireChatReporter(user, await this.designs.ownerOf(designId));
    await this.repo.flag(messageId, user.id, 'user', reason);
  }

  /** Runs the content filter over a saved message; flags it when a rule matches. */
  async screen(messageId: string, content: string): Promise<boolean> {
    const reason = contentFilterReason(content);
    return reason ? this.repo.flag(messageId, null, 'filter', reason) : false;
  }

  async page(status: 'open' | 'all', page: number, perPage: number): Promise<Page<DesignChatFlagJson>> {
    const [rows, total] = await this.repo.page(status === 'open', (page - 1) * perPage, perPage);
    return pageOf(rows.map(toFlagJson), page, perPage, total);
  }

  async flag(flagId: string): Promise<DesignChatFlagJson> {
    const row = await this.repo.find(flagId);
    if (!row) throw new NotFoundException('No such flag.');
    return toFlagJson(row);
  }

  /**
   * Resolves the message's open flags with the action; `hide` also hides the message. Warn and suspend are for
   * messages people wrote (the assistant has no account). The audit hook runs in the same transaction.
   */
  async moderate(
    moderatorId: string,
    flagId: string,
    action: DesignChatModerationAction,
    audit?: AuditHook,
  ): Promise<DesignChatFlagJson> {
    return this.repo.transaction(async (m) => {
      const before = await this.repo.find(flagId, m);
      if (!before) throw new NotFoundException('No such flag.');
      if ((action === 'warn' || action === 'suspend') && before.role === 'assistant')
        throw ValidationFailedException.of('action', 'The assistant wrote this message: hide it instead.');
      if (action === 'hide') await this.repo.hide(before.message_id, moderatorId, m);
      await this.repo.resolve(before.message_id, RESOLUTION[action], m);
      const after = toFlagJson((await this.repo.find(flagId, m))!);
      await audit?.(m, { id: before.message_id, before: toFlagJson(before), after });
      return after;
    });
  }
}

const RESOLUTION: Record<DesignChatModerationAction, string> = {
  hide: 'hidden',
  dismiss: 'dismissed',
  warn: 'warned',
  suspend: 'suspended',
};
