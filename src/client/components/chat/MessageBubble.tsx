import { Link } from '@inertiajs/react';
import { cn } from '@/lib/cn';
import type { Message } from '@contracts/chats';

function time(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** One message: text, image (thumbnail linking to the large version), listing card, sticker or system note. */
export function MessageBubble({ message, mine, seen }: { message: Message; mine: boolean; seen?: boolean }) {
  if (message.type === 'system') {
    return <p className="my-2 text-center text-xs text-slate-500 dark:text-slate-400">{message.content}</p>;
  }
  const sticker = message.data.sticker;
  if (message.type === 'sticker' && sticker) {
    return (
      <div className={cn('my-1 flex', mine ? 'justify-end' : 'justify-start')} data-testid="message">
        <div className="max-w-[80%]">
          {!mine && message.user && <p className="mb-0.5 text-xs font-semibold opacity-70">{message.user.name}</p>}
          <img
            src={sticker.thumb_url}
            alt={`Sticker: ${sticker.name}`}
            width={Math.min(sticker.width, 128)}
            height={Math.round((sticker.height * Math.min(sticker.width, 128)) / Math.max(sticker.width, 1))}
            className="h-auto w-28 max-w-full"
            loading="lazy"
          />
          <p className="mt-0.5 text-right text-[10px] text-slate-400">
            {time(message.created_at)}
            {mine && seen ? ' · Seen' : ''}
          </p>
        </div>
      </div>
    );
  }
  const image = message.data.image;
  const listing = message.data.listing;
  return (
    <div className={cn('my-1 flex', mine ? 'justify-end' : 'justify-start')} data-testid="message">
      <div
        className={cn(
          'max-w-[80%] rounded-2xl px-3 py-2 text-sm shadow-sm',
          mine ? 'bg-brand-600 text-white' : 'bg-white text-slate-900 dark:bg-slate-800 dark:text-slate-100',
        )}
      >
        {!mine && message.user && <p className="mb-0.5 text-xs font-semibold opacity-70">{message.user.name}</p>}
        {image && (
          <a href={image.large_url} target="_blank" rel="noreferrer" className="mb-1 block">
            <img
              src={image.thumb_url}
              alt="Shared image"
              width={image.width}
              height={image.height}
              className="max-h-64 w-auto rounded-lg"
              loading="lazy"
            />
          </a>
        )}
        {listing && (
          <div className="mb-1 overflow-hidden rounded-lg border border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100">
            {listing.image_url && (
              <img src={listing.image_url} alt="" className="h-32 w-full object-cover" loading="lazy" />
            )}
            <div className="p-2">
              <p className="font-semibold">{listing.title}</p>
              {listing.price && <p className="text-sm">{listing.price}</p>}
              {listing.address && <p className="text-xs text-slate-500 dark:text-slate-400">{listing.address}</p>}
              {listing.url && (
                <Link
                  href={listing.url}
                  className="mt-1 inline-block text-xs font-medium text-brand-600 dark:text-brand-400"
                >
                  View listing
                </Link>
              )}
            </div>
          </div>
        )}
        {message.content && <p className="whitespace-pre-wrap break-words">{message.content}</p>}
        <p className={cn('mt-0.5 text-right text-[10px]', mine ? 'text-white/70' : 'text-slate-400')}>
          {time(message.created_at)}
          {mine && seen ? ' · Seen' : ''}
        </p>
      </div>
    </div>
  );
}
