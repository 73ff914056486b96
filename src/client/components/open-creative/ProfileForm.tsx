import { CREATIVE_SKILLS, type CreativeManager, type CreativeSkill } from '@contracts/open-creative';
import { router } from '@inertiajs/react';
import { openCreativeApi } from '@/api/open-creative';
import { Button, Checkbox, TextAreaField, TextField } from '@/components/ui';
import { useApiForm } from '@/hooks/useApiForm';
import { SKILL_LABELS } from './parts';

/** The caller's own listing in the marketplace: headline, skills, rate and links to their public work. */
export function ProfileForm({ mine }: { mine: CreativeManager | null }) {
  const form = useApiForm(
    {
      headline: mine?.headline ?? '',
      bio: mine?.bio ?? '',
      skills: mine?.skills ?? (['video_editing'] as CreativeSkill[]),
      rate_text: mine?.rate_text ?? '',
      portfolio: (mine?.portfolio ?? []).join('\n'),
    },
    { successMessage: (r: { message: string }) => r.message, onSuccess: () => router.reload() },
  );
  const toggle = (s: CreativeSkill) =>
    form.set(
      'skills',
      form.data.skills.includes(s) ? form.data.skills.filter((x) => x !== s) : [...form.data.skills, s],
    );
  return (
    <form
      className="space-y-3"
      onSubmit={form.handleSubmit((v) =>
        openCreativeApi.saveProfile({
          ...v,
          portfolio: v.portfolio
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
        }),
      )}
    >
      <TextField label="Headline" required {...form.field('headline')} />
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-medium text-ink">Skills</legend>
        {CREATIVE_SKILLS.map((s) => (
          <Checkbox key={s} label={SKILL_LABELS[s]} checked={form.data.skills.includes(s)} onChange={() => toggle(s)} />
        ))}
      </fieldset>
      {form.errors.skills && <p className="text-xs text-red-600 dark:text-red-400">{form.errors.skills}</p>}
      <TextField label="Rate" placeholder="$45 an hour" {...form.field('rate_text')} />
      <TextAreaField label="About you" rows={3} {...form.field('bio')} />
      <TextAreaField
        label="Portfolio"
        hint="One link a line to your public spots, walkthroughs or designs, e.g. /spot/sunset-deck"
        rows={3}
        {...form.field('portfolio')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={form.processing}>
          {mine ? 'Save listing' : 'List me as a manager'}
        </Button>
        {mine && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => void openCreativeApi.removeProfile().then(() => router.reload())}
          >
            Leave the marketplace
          </Button>
        )}
      </div>
    </form>
  );
}
