import { useEffect, useRef } from 'react';
import { useAttempt } from '@/hooks/useAttempt';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** Uploads an image and answers its URL (the toolbar then shows an image button). */
  uploadImage?: (file: File) => Promise<string>;
  minHeight?: string;
  error?: string;
}

const TOOLS: Array<{ label: string; title: string; command: string; arg?: string }> = [
  { label: 'B', title: 'Bold', command: 'bold' },
  { label: 'I', title: 'Italic', command: 'italic' },
  { label: 'H', title: 'Heading', command: 'formatBlock', arg: 'h3' },
  { label: '•', title: 'Bulleted list', command: 'insertUnorderedList' },
  { label: '“', title: 'Quote', command: 'formatBlock', arg: 'blockquote' },
];

/**
 * A small rich-text editor (contentEditable with a toolbar). What it sends is only a suggestion: the server
 * sanitises every post and comment to a short list of tags, so nothing typed here can carry script.
 */
export function RichTextEditor({ id, label, value, onChange, uploadImage, minHeight = 'min-h-40', error }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const { busy: uploading, attempt } = useAttempt();

  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== value) ref.current.innerHTML = value;
  }, [value]);

  const run = (command: string, arg?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, arg);
    onChange(ref.current?.innerHTML ?? '');
  };

  const addLink = () => {
    const url = window.prompt('Link address (https://…)');
    if (url) run('createLink', url);
  };

  const addImage = async (file: File | undefined) => {
    if (!file || !uploadImage) return;
    await attempt(async () => {
      run('insertImage', await uploadImage(file));
    }, 'The image could not be uploaded');
  };

  const toolClass =
    'min-w-9 rounded-control px-2 py-1 text-sm font-semibold text-ink hover:bg-surface-muted focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500';
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="rounded-card border border-line bg-surface">
        <div
          className="flex flex-wrap gap-1 border-b border-line p-1"
          role="toolbar"
          aria-label={`${label} formatting`}
        >
          {TOOLS.map((tool) => (
            <button
              key={tool.title}
              type="button"
              title={tool.title}
              aria-label={tool.title}
              className={toolClass}
              onClick={() => run(tool.command, tool.arg)}
            >
              {tool.label}
            </button>
          ))}
          <button type="button" title="Link" aria-label="Link" className={toolClass} onClick={addLink}>
            Link
          </button>
          {uploadImage && (
            <>
              <button
                type="button"
                title="Image"
                aria-label="Image"
                className={toolClass}
                disabled={uploading}
                onClick={() => fileRef.current?.click()}
              >
                {uploading ? '…' : 'Image'}
              </button>
              <input
                ref={fileRef}
                type="file"
                accept="image/jpeg,image/png,image/webp"
                className="hidden"
                onChange={(e) => void addImage(e.target.files?.[0])}
              />
            </>
          )}
        </div>
        <div
          id={id}
          ref={ref}
          role="textbox"
          aria-multiline="true"
          aria-label={label}
          aria-invalid={!!error}
          contentEditable
          suppressContentEditableWarning
          onInput={() => onChange(ref.current?.innerHTML ?? '')}
          className={`rich-text ${minHeight} max-w-none p-3 text-ink focus:outline-none`}
        />
      </div>
      {error && <p className="mt-1 text-sm text-red-600 dark:text-red-400">{error}</p>}
    </div>
  );
}
