import { Head, useForm } from '@inertiajs/react';
import { AvatarCard } from '@/components/settings/AvatarCard';
import { HandleField } from '@/components/settings/HandleField';
import { ProfileStickersCard } from '@/components/settings/ProfileStickersCard';
import { SettingsFormCard } from '@/components/settings/SettingsFormCard';
import { Alert, TextAreaField, TextField } from '@/components/ui';
import { formField } from '@/lib/form-field';
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

  return (
    <>
      <Head title="Profile settings" />
      {!profile.emailVerified && (
        <Alert variant="warning" title="Your email address is not verified">
          Check your inbox for the verification link, or send a new one from the verification page.
        </Alert>
      )}
      <AvatarCard name={profile.name} url={profile.avatarUrl} />
      <SettingsFormCard
        form={form}
        put="/settings/profile"
        title="Public profile"
        description="How others see you across listings, chats and the feed."
      >
        <div className="space-y-5">
          <TextField label="Name" autoComplete="name" required {...formField(form, 'name')} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            required
            hint="Changing it means verifying the new address."
            {...formField(form, 'email')}
          />
          <HandleField
            userId={profile.id}
            value={form.data.handle}
            current={profile.handle}
            onChange={(value) => form.setData('handle', value)}
            error={form.errors.handle}
          />
          <TextAreaField
            label="Bio"
            rows={4}
            maxLength={1000}
            hint={`${form.data.bio.length}/1000`}
            {...formField(form, 'bio')}
          />
        </div>
      </SettingsFormCard>
      <ProfileStickersCard />
    </>
  );
}

ProfileSettings.layout = { settingsTitle: 'Profile', settingsIntro: 'Your name, contact email and public handle.' };
