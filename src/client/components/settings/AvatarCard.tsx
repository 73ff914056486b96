import { router, useForm } from '@inertiajs/react';
import { useRef } from 'react';
import { Avatar } from '@/components/Avatar';
import { Button, Card, FieldError } from '@/components/ui';

/** Upload or remove the profile picture (the server re-encodes and crops it). */
export function AvatarCard({ name, url }: { name: string; url: string | null }) {
  const input = useRef<HTMLInputElement>(null);
  const form = useForm<{ avatar: File | null }>({ avatar: null });

  const upload = (file: File | undefined) => {
    if (!file) return;
    form.transform(() => ({ avatar: file }));
    form.post('/settings/profile/avatar', {
      preserveScroll: true,
      forceFormData: true,
      onFinish: () => {
        if (input.current) input.current.value = '';
      },
    });
  };

  return (
    <Card title="Profile picture" description="JPEG, PNG or WebP, up to 5 MB. We crop it to a square.">
      <div className="flex flex-wrap items-center gap-5">
        <Avatar
          name={name}
          url={url}
          size="lg"
          className="h-20 w-20 text-2xl ring-2 ring-slate-100 dark:ring-slate-800"
        />
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            id="avatar-upload"
            aria-label="Upload a profile picture"
            onChange={(e) => upload(e.target.files?.[0])}
          />
          <Button variant="secondary" loading={form.processing} onClick={() => input.current?.click()}>
            {url ? 'Change picture' : 'Upload picture'}
          </Button>
          {url && (
            <Button variant="ghost" onClick={() => router.delete('/settings/profile/avatar', { preserveScroll: true })}>
              Remove
            </Button>
          )}
        </div>
      </div>
      <FieldError message={form.errors.avatar} />
    </Card>
  );
}
