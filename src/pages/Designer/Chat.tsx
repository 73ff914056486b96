import { Head } from '@inertiajs/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { designerApi, designerPaths } from '@/api/designer';
import type { Design, EngineInfo } from '@contracts/designs';
import { BackLink, Button, Input } from '@/components/ui';
import { errorMessage } from '@/lib/errors';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  created_at: string;
}

type Props = PageProps<{ design: Design; messages: ChatMessage[]; assistant: EngineInfo }>;

/** Design chat: a conversation about one design with the configured text model. */
export default function DesignerChat({ design, messages: initial, assistant }: Props) {
  const [messages, setMessages] = useState(initial);
  const [text, setText] = useState('');
  const { busy: sending, attempt } = useAttempt();
  const end = useRef<HTMLDivElement>(null);
  // A block body: Chromium's scrollIntoView now returns a promise, and an effect that returns anything but a
  // cleanup function crashes React when the effect re-runs (the page went blank after the first message).
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const message = text.trim();
    if (!message) return;
    await attempt(async () => {
      const res = await designerApi.chat<ChatMessage>(design.id, message);
      setMessages((list) => [...list, res.message, res.reply]);
      setText('');
    }, 'The assistant could not answer');
  };

  const report = async (messageId: string) => {
    const reason = window.prompt('What is wrong with this answer?', 'Not helpful or inappropriate')?.trim();
    if (!reason) return;
    try {
      notify.success((await designerApi.reportMessage(design.id, messageId, reason)).message);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const title = [design.options.theme, design.options.roomType].filter(Boolean).join(' ') || 'this design';
  return (
    <>
      <Head title="Design chat" />
      <BackLink href={designerPaths.show(design.id)}>Back to the design</BackLink>
      <div className="mt-1 grid gap-6 lg:grid-cols-3">
        <aside className="space-y-3">
          {design.image && <img src={design.image} alt={title} className="w-full rounded-xl object-cover" />}
          <p className="text-xs text-slate-500 dark:text-slate-400">Answers by: {assistant.label}</p>
        </aside>
        <section className="flex min-h-[28rem] flex-col rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900 lg:col-span-2">
          <h1 className="border-b border-slate-100 px-4 py-3 font-semibold text-slate-900 dark:border-slate-800 dark:text-white">
            Ask about {title}
          </h1>
          <div className="flex-1 space-y-3 overflow-y-auto p-4" aria-live="polite">
            {messages.length === 0 && (
              <p className="text-sm text-slate-500 dark:text-slate-400">
                Ask about colours, furniture, lighting or budget.
              </p>
            )}
            {messages.map((m) => (
              <div
                key={m.id}
                data-role={m.role}
                className={cn(
                  'w-fit max-w-[85%] rounded-2xl px-3 py-2 text-sm',
                  m.role === 'user'
                    ? 'ml-auto bg-brand-600 text-white'
                    : 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
                )}
              >
                {m.content}
                {m.role === 'assistant' && (
                  <button
                    type="button"
                    onClick={() => void report(m.id)}
                    className="mt-1 block text-xs text-slate-500 hover:underline dark:text-slate-400"
                  >
                    Report
                  </button>
                )}
              </div>
            ))}
            <div ref={end} />
          </div>
          <form onSubmit={send} className="flex gap-2 border-t border-slate-100 p-3 dark:border-slate-800">
            <Input
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="What colour should the walls be?"
              aria-label="Message"
              maxLength={2000}
            />
            <Button type="submit" loading={sending}>
              Send
            </Button>
          </form>
        </section>
      </div>
    </>
  );
}
