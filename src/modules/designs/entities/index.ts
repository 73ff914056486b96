export * from './design.entity';
export * from './generated-design.entity';
export * from './saved-prompt.entity';
export * from './design-edit-state.entity';
export * from './dream.entity';
export * from './design-chat-message.entity';
