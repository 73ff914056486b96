import { useState } from 'react';
import { Button } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { cn } from '@/lib/cn';
import { RichTextEditor } from './RichTextEditor';

interface Props<R> {
  id: string;
  label: string;
  submitLabel: string;
  minHeight?: string;
  className?: string;
  /** Sends the written HTML; the answer's message becomes the success toast. */
  send: (html: string) => Promise<R>;
  /** After a success, before the editor is emptied. */
  onSent: (result: R) => void;
}

/** A rich-text box with its submit button (a comment, a post): 422 errors under the box, emptied once sent. */
export function RichTextComposer<R extends { message: string }>({
  id,
  label,
  submitLabel,
  minHeight,
  className,
  send,
  onSent,
}: Props<R>) {
  const [editorKey, setEditorKey] = useState(0);
  const form = useApiForm<{ body_html: string }, R>(
    { body_html: '' },
    {
      successMessage: (r) => r.message,
      onSuccess: (r) => {
        onSent(r);
        form.reset();
        setEditorKey((k) => k + 1);
      },
    },
  );
  return (
    <form className={cn('space-y-2', className)} onSubmit={form.handleSubmit((v) => send(v.body_html))}>
      <RichTextEditor
        key={editorKey}
        id={id}
        label={label}
        minHeight={minHeight}
        value={form.data.body_html}
        onChange={(html) => form.set('body_html', html)}
        error={form.errors.body_html}
      />
      <Button type="submit" loading={form.processing}>
        {submitLabel}
      </Button>
    </form>
  );
}
