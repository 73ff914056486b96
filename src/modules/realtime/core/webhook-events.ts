/**
 * What an outside system can follow through Pusher webhooks, in Pusher's own event shapes.
 * Each is raised by exactly one node: the one whose change moved the cluster-wide count.
 */
export type WebhookEvent =
  | { name: 'channel_occupied'; channel: string }
  | { name: 'channel_vacated'; channel: string }
  | { name: 'member_added'; channel: string; user_id: string }
  | { name: 'member_removed'; channel: string; user_id: string }
  | { name: 'client_event'; channel: string; event: string; data: string; socket_id: string; user_id?: string };

export type WebhookEventName = WebhookEvent['name'];

export const WEBHOOK_EVENT_NAMES: readonly WebhookEventName[] = [
  'channel_occupied',
  'channel_vacated',
  'member_added',
  'member_removed',
  'client_event',
];
