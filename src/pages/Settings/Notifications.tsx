import { Head, useForm } from '@inertiajs/react';
import { SettingsFormCard } from '@/components/settings/SettingsFormCard';
import type { PageProps } from '@/types';

interface Kind {
  key: string;
  label: string;
  description: string;
}
type Preferences = { email: Record<string, boolean>; push: Record<string, boolean> };

export default function NotificationSettings({
  preferences,
  kinds,
}: PageProps<{ preferences: Preferences; kinds: Kind[] }>) {
  // Only email is offered: nothing delivers web push yet (issue 37), so no toggle may promise it. The stored push
  // values travel back unchanged.
  const form = useForm<Preferences>({ email: { ...preferences.email }, push: { ...preferences.push } });
  const toggle = (key: string) => form.setData('email', { ...form.data.email, [key]: !form.data.email[key] });

  return (
    <>
      <Head title="Notifications" />
      <SettingsFormCard
        form={form}
        put="/settings/notifications"
        title="Notification preferences"
        description="Choose what reaches you by email. Everything also shows in your notifications list."
        padded={false}
      >
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-100 text-left text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:text-slate-400">
              <th className="px-5 py-3 font-medium">Activity</th>
              <th className="w-20 px-3 py-3 text-center font-medium">Email</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {kinds.map((kind) => (
              <tr key={kind.key}>
                <td className="px-5 py-3">
                  <span className="block font-medium text-slate-900 dark:text-white">{kind.label}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">{kind.description}</span>
                </td>
                <td className="px-3 py-3 text-center">
                  <input
                    type="checkbox"
                    aria-label={`${kind.label} by email`}
                    checked={!!form.data.email[kind.key]}
                    onChange={() => toggle(kind.key)}
                    className="h-4 w-4 rounded border-slate-300 accent-brand-600 dark:border-slate-600"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </SettingsFormCard>
    </>
  );
}

NotificationSettings.layout = { settingsTitle: 'Notifications' };
