import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses, controlStateClasses } from './Input';

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  invalid?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line text control styled like Input (light and dark), resizable in height. */
export function TextArea({ invalid, className, rows = 3, ...rest }: TextAreaProps) {
  return (
    <textarea
      aria-invalid={invalid || undefined}
      rows={rows}
      className={cn(controlClasses, controlStateClasses(invalid), 'resize-y', className)}
      {...rest}
    />
  );
}
