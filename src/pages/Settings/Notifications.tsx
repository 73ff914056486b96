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
  const form = useForm<Preferences>({ email: { ...preferences.email }, push: { ...preferences.push } });
  const toggle = (channel: 'email' | 'push', key: string) =>
    form.setData(channel, { ...form.data[channel], [key]: !form.data[channel][key] });

  return (
    <>
      <Head title="Notifications" />
      <SettingsFormCard
        form={form}
        put="/settings/notifications"
        title="Notification preferences"
        description="Choose what reaches you by email and as push notifications."
        padded={false}
      >
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b border-slate-100 text-left text-xs uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:text-slate-400">
              <th className="px-5 py-3 font-medium">Activity</th>
              <th className="w-20 px-3 py-3 text-center font-medium">Email</th>
              <th className="w-20 px-3 py-3 text-center font-medium">Push</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {kinds.map((kind) => (
              <tr key={kind.key}>
                <td className="px-5 py-3">
                  <span className="block font-medium text-slate-900 dark:text-white">{kind.label}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">{kind.description}</span>
                </td>
                {(['email', 'push'] as const).map((channel) => (
                  <td key={channel} className="px-3 py-3 text-center">
                    <input
                      type="checkbox"
                      aria-label={`${kind.label} by ${channel}`}
                      checked={!!form.data[channel][kind.key]}
                      onChange={() => toggle(channel, kind.key)}
                      className="h-4 w-4 rounded border-slate-300 accent-brand-600 dark:border-slate-600"
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </SettingsFormCard>
    </>
  );
}

NotificationSettings.layout = { settingsTitle: 'Notifications' };
