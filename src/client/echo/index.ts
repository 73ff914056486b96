export { ConnectionBanner } from './ConnectionBanner';
export { configureEcho, getEcho } from './echo-instance';
// createEcho is loaded on demand by configureEcho; import it directly only where eager loading is intended.
export type { AppEcho } from './createEcho';
export type { ConnectionState } from './connection-state';
export type { EchoSettings } from './settings';
export { useChannel, useConnectionState, useEcho, type ChannelKind, type EventHandlers } from './useEcho';
