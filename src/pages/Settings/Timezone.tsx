import { Head, useForm } from '@inertiajs/react';
import { useMemo } from 'react';
import { SettingsFormCard } from '@/components/settings/SettingsFormCard';
import { Button, FormField, Select } from '@/components/ui';
import type { PageProps } from '@/types';

export default function TimezoneSettings({
  timezone,
  timezones,
}: PageProps<{ timezone: string; timezones: string[] }>) {
  const form = useForm({ timezone });
  const detected = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  const options = useMemo(
    () => timezones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') })),
    [timezones],
  );
  const now = useMemo(() => {
    try {
      return new Intl.DateTimeFormat(undefined, {
        timeZone: form.data.timezone,
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date());
    } catch {
      return null;
    }
  }, [form.data.timezone]);

  return (
    <>
      <Head title="Time zone" />
      <SettingsFormCard
        form={form}
        put="/settings/timezone"
        title="Time zone"
        description="Used for open house times, notifications and reports."
      >
        <div className="space-y-4">
          <FormField
            label="Time zone"
            name="timezone"
            error={form.errors.timezone}
            hint={now ? `Local time there: ${now}` : undefined}
          >
            <Select
              options={options}
              value={form.data.timezone}
              onChange={(e) => form.setData('timezone', e.target.value)}
            />
          </FormField>
          {detected && detected !== form.data.timezone && timezones.includes(detected) && (
            <Button variant="secondary" size="sm" onClick={() => form.setData('timezone', detected)}>
              Use this device's time zone ({detected.replace(/_/g, ' ')})
            </Button>
          )}
        </div>
      </SettingsFormCard>
    </>
  );
}

TimezoneSettings.layout = { settingsTitle: 'Time zone' };
