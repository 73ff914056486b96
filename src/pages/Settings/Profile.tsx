import { Head, useForm } from '@inertiajs/react';
import type { FormEvent } from 'react';
import { AvatarCard } from '@/components/settings/AvatarCard';
import { HandleField } from '@/components/settings/HandleField';
import { SaveBar } from '@/components/settings/SaveBar';
import { Alert, Card, FormField, TextField } from '@/components/ui';
import { cn } from '@/lib/cn';
import { controlClasses, controlStateClasses } from '@/components/ui/Input';
import type { PageProps } from '@/types';

interface Profile {
  id: string;
  name: string;
  email: string;
  handle: string | null;
  bio: string | null;
  emailVerified: boolean;
  avatarUrl: string | null;
}

export default function ProfileSettings({ profile }: PageProps<{ profile: Profile }>) {
  const form = useForm({
    name: profile.name,
    email: profile.email,
    handle: profile.handle ?? '',
    bio: profile.bio ?? '',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.put('/settings/profile', { preserveScroll: true });
  };

  return (
    <>
      <Head title="Profile settings" />
      {!profile.emailVerified && (
        <Alert variant="warning" title="Your email address is not verified">
          Check your inbox for the verification link, or send a new one from the verification page.
        </Alert>
      )}
      <AvatarCard name={profile.name} url={profile.avatarUrl} />
      <form onSubmit={submit}>
        <Card
          title="Public profile"
          description="How others see you across listings, chats and the feed."
          footer={<SaveBar processing={form.processing} saved={form.recentlySuccessful} />}
        >
          <div className="space-y-5">
            <TextField
              label="Name"
              name="name"
              autoComplete="name"
              required
              value={form.data.name}
              onChange={(e) => form.setData('name', e.target.value)}
              error={form.errors.name}
            />
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              required
              hint="Changing it means verifying the new address."
              value={form.data.email}
              onChange={(e) => form.setData('email', e.target.value)}
              error={form.errors.email}
            />
            <HandleField
              userId={profile.id}
              value={form.data.handle}
              current={profile.handle}
              onChange={(value) => form.setData('handle', value)}
              error={form.errors.handle}
            />
            <FormField label="Bio" name="bio" error={form.errors.bio} hint={`${form.data.bio.length}/1000`}>
              {(control) => (
                <textarea
                  {...control}
                  aria-invalid={control.invalid || undefined}
                  rows={4}
                  maxLength={1000}
                  value={form.data.bio}
                  onChange={(e) => form.setData('bio', e.target.value)}
                  className={cn(controlClasses, controlStateClasses(control.invalid), 'resize-y')}
                />
              )}
            </FormField>
          </div>
        </Card>
      </form>
    </>
  );
}

ProfileSettings.layout = { settingsTitle: 'Profile', settingsIntro: 'Your name, contact email and public handle.' };
