export { Broadcaster, type BroadcastOptions } from './broadcaster.service';
export { ChannelRegistry, type ChannelRule, type ChannelRuleResult } from './channel-registry.service';
export { RealtimeGateway } from './realtime.gateway';
export { clientSettingsFrom, type RealtimeClientSettings } from './realtime-settings';
export { socketIdFrom } from './socket-id';
export { attachRealtime } from './attach-realtime';
