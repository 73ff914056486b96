export { AuthorLine } from './AuthorLine';
export { FlagButton } from './FlagButton';
export { RichText } from './RichText';
export { RichTextEditor } from './RichTextEditor';
export { ModerationNotice } from './ModerationNotice';
export { RichTextComposer } from './RichTextComposer';
export { KeysetFooter } from './KeysetFooter';
