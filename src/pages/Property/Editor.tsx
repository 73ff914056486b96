import { Head } from '@inertiajs/react';
import { propertyPaths, type EditorStep } from '@/api/properties';
import { AddressStep } from '@/components/property/editor/AddressStep';
import { ComponentsStep } from '@/components/property/editor/ComponentsStep';
import { DetailsStep, type PropertyOptions } from '@/components/property/editor/DetailsStep';
import { isFormStep, needsSavedProperty, STEP_LABELS } from '@/components/property/editor/form';
import { MediaStep } from '@/components/property/editor/MediaStep';
import { PriceStep } from '@/components/property/editor/PriceStep';
import { PublishStep } from '@/components/property/editor/PublishStep';
import type { MapSettings } from '@/components/property/editor/step-props';
import { PublishBadge } from '@/components/property/PropertyCard';
import { Alert, BackLink, Button, Card, Spinner } from '@/components/ui';
import { usePropertyEditor } from '@/hooks/usePropertyEditor';

interface Props {
  /** null: "New property", nothing saved yet (the first save creates the draft). */
  slug: string | null;
  step: EditorStep;
  steps: EditorStep[];
  options: PropertyOptions;
  map: MapSettings;
}

/** The property editor: address, details, price, components, photos, publish, one step at a time. */
export default function PropertyEditor({ slug: initialSlug, step: initialStep, steps, options, map }: Props) {
  const editor = usePropertyEditor(initialSlug, initialStep);
  const { step, property, form, slug } = editor;

  if (editor.loading && !editor.ready) return <Spinner label="Loading the property" />;
  if (editor.error || !editor.ready)
    return (
      <Alert variant="error" title="Could not load the property">
        {editor.error}
      </Alert>
    );

  const index = steps.indexOf(step);
  const next = steps[index + 1];
  const prev = steps[index - 1];
  const formStep = { form: form.data, set: form.set, errors: form.errors };
  // Without a property yet, a step that needs one opens only after the first save.
  const closed = (s: EditorStep) => needsSavedProperty(s) && !slug;

  return (
    <div className="mx-auto max-w-4xl space-y-4 px-4 py-6">
      <Head title={property ? `Edit ${property.name}` : 'New property'} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <BackLink href={propertyPaths.dashboard}>My properties</BackLink>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{property?.name ?? 'New property'}</h1>
        </div>
        {property && <PublishBadge state={property.publish_state} />}
      </div>
      <nav aria-label="Editor steps">
        <ol className="flex gap-1 overflow-x-auto">
          {steps.map((s, i) => (
            <li key={s}>
              <button
                type="button"
                onClick={() => editor.go(s)}
                disabled={closed(s)}
                title={closed(s) ? 'Save the property first' : undefined}
                aria-current={s === step ? 'step' : undefined}
                className={`whitespace-nowrap rounded-lg px-3 py-1.5 text-sm disabled:opacity-50 ${s === step ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'}`}
              >
                {i + 1}. {STEP_LABELS[s]}
              </button>
            </li>
          ))}
        </ol>
      </nav>

      <Card title={STEP_LABELS[step]}>
        {step === 'address' && <AddressStep {...formStep} map={map} />}
        {step === 'details' && <DetailsStep {...formStep} options={options} />}
        {step === 'price' && <PriceStep {...formStep} currencies={editor.currencies} />}
        {property && step === 'components' && <ComponentsStep property={property} onSaved={editor.reload} />}
        {property && step === 'media' && (
          <MediaStep slug={property.slug} photos={editor.photos} onChange={editor.reload} />
        )}
        {property && step === 'publish' && <PublishStep property={property} reload={editor.reload} />}
      </Card>

      <div className="flex justify-between gap-2">
        {prev ? (
          <Button variant="secondary" onClick={() => void editor.save(prev)} disabled={form.processing}>
            Back
          </Button>
        ) : (
          <span />
        )}
        <div className="flex gap-2">
          {isFormStep(step) && (
            <Button variant="secondary" onClick={() => void editor.save()} loading={form.processing}>
              {slug ? 'Save' : 'Save draft'}
            </Button>
          )}
          {next && (
            <Button onClick={() => void editor.save(next)} loading={form.processing} data-testid="next-step">
              Next: {STEP_LABELS[next]}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
