import { Injectable } from '@nestjs/common';
import type { User } from '../users';
import { stripChannelPrefix } from './core';

/**
 * true/false for private channels; for presence channels an object is the member's
 * user_info (true falls back to the user's id and name).
 */
export type ChannelRuleResult = boolean | Record<string, unknown> | null | undefined;
export type ChannelRule = (
  user: User,
  params: Record<string, string>,
) => ChannelRuleResult | Promise<ChannelRuleResult>;

interface Registration {
  pattern: string;
  regex: RegExp;
  rule: ChannelRule;
}

export interface ChannelMatch {
  pattern: string;
  rule: ChannelRule;
  params: Record<string, string>;
}

/**
 * Channel authorization rules, like Laravel's routes/channels.php. Each module registers its
 * own in onModuleInit:  registry.register('design.{id}', (user, { id }) => ...).
 * Patterns are written without the Pusher prefix (one rule serves private- and presence-),
 * or with it ('presence-chat.{id}') when a prefix needs its own rule; those win.
 */
@Injectable()
export class ChannelRegistry {
  private readonly registrations: Registration[] = [];

  register(pattern: string, rule: ChannelRule): void {
    if (this.registrations.some((r) => r.pattern === pattern))
      throw new Error(`Channel pattern ${pattern} is already registered`);
    this.registrations.push({ pattern, regex: compilePattern(pattern), rule });
  }

  /** Finds the rule for a full channel name such as 'presence-chat.12'. */
  match(channelName: string): ChannelMatch | null {
    return this.find(channelName) ?? this.find(stripChannelPrefix(channelName));
  }

  private find(name: string): ChannelMatch | null {
    for (const { pattern, regex, rule } of this.registrations) {
      const found = regex.exec(name);
      if (found) return { pattern, rule, params: { ...(found.groups ?? {}) } };
    }
    return null;
  }
}

/** 'chat.{id}' -> /^chat\.(?<id>[^.]+)$/ : a wildcard spans one dot-separated segment, as in Laravel. */
function compilePattern(pattern: string): RegExp {
  const source = pattern
    .split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/)
    .map((part) =>
      /^\{.+\}$/.test(part) ? `(?<${part.slice(1, -1)}>[^.]+)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`);
}
