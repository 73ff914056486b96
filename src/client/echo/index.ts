export { ConnectionBanner } from './ConnectionBanner';
export { configureEcho, getEcho } from './echo-instance';
export { createEcho, type AppEcho } from './createEcho';
export type { ConnectionState } from './connection-state';
export type { EchoSettings } from './settings';
export { useChannel, useConnectionState, useEcho, type ChannelKind, type EventHandlers } from './useEcho';
