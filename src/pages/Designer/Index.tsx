import { Head, Link, router } from '@inertiajs/react';
import { useState } from 'react';
import { CompareSlider } from '@/components/designer/CompareSlider';
import { Carousel } from '@/components/designer/Carousel';
import { DesignCard, EngineBadge } from '@/components/designer/DesignCard';
import { ImagePicker, type PickedImage } from '@/components/designer/ImagePicker';
import { OptionsFields } from '@/components/designer/OptionsFields';
import { ProgressSteps } from '@/components/designer/ProgressSteps';
import { designerApi, designerPaths } from '@/api/designer';
import type { Design, DesignerCatalog, DesignOptions, EngineInfo, SavedPrompt } from '@contracts/designs';
import { Alert, Button, ButtonLink, Card, DividedList, Input, TextAreaField } from '@/components/ui';
import { useDesignProgress } from '@/hooks/useDesignProgress';
import { useApiForm } from '@/hooks/useApiForm';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';
import { routes } from '@/routes';
import type { PageProps } from '@/types';

type Props = PageProps<{
  credits: number;
  cost: number;
  engine: EngineInfo;
  catalog: DesignerCatalog;
  prompts: SavedPrompt[];
  recent: Design[];
}>;

/** The generator: upload, options and prompts, then the live progress view and the result. */
export default function DesignerIndex({
  credits: initialCredits,
  cost,
  engine,
  catalog,
  prompts: initialPrompts,
  recent,
}: Props) {
  const [prompts, setPrompts] = useState(initialPrompts);
  const [promptName, setPromptName] = useState('');
  const [credits, setCredits] = useState(initialCredits);
  const progress = useDesignProgress(null, {
    onFailed: (message) => notify.error(message || 'Failed to generate design'),
  });

  const form = useApiForm(
    {
      image: null as PickedImage | null,
      options: { roomType: catalog.roomTypes[0], theme: catalog.themes[0] } as DesignOptions,
      prompt: '',
    },
    {
      errorFallback: 'Failed to generate design',
      onSuccess: ({ design }: { design: Design }) => {
        setCredits((c) => Math.max(0, c - cost));
        progress.watch(design);
      },
    },
  );
  const { image, options, prompt } = form.data;
  const { errors } = form;
  const setOptions = (next: DesignOptions) => form.set('options', next);

  const generate = async () => {
    if (!image) {
      form.setErrors({ image: 'Upload a photo of the room.' });
      return;
    }
    await form.submit(() =>
      designerApi.generate({
        image: image.file,
        options,
        prompt,
        width: image.width,
        height: image.height,
        orientation: image.orientation,
      }),
    );
  };

  const savePrompt = async () => {
    try {
      const { prompt: saved } = await designerApi.savePrompt(
        promptName || `${options.theme ?? 'My'} ${options.roomType ?? 'room'}`,
        prompt || options.customPrompt || `${options.theme} ${options.roomType}`,
        options,
      );
      setPrompts((list) => [saved, ...list]);
      setPromptName('');
      notify.success('Prompt saved successfully!');
    } catch {
      notify.error('Failed to save prompt');
    }
  };

  const applyPrompt = (p: SavedPrompt) => {
    setOptions({ ...options, ...p.options });
    form.set('prompt', p.prompt);
  };

  const deletePrompt = async (p: SavedPrompt) => {
    try {
      await designerApi.deletePrompt(p.id);
      setPrompts((list) => list.filter((x) => x.id !== p.id));
    } catch (error) {
      notify.error(errorMessage(error, 'Could not delete the prompt'));
    }
  };

  const running = progress.loading;
  const done = progress.status === 'completed' && progress.design;
  const result = done ? progress.design! : null;
  const carouselItems = recent
    .filter((d) => d.image)
    .map((d) => ({
      id: d.id,
      src: d.image!,
      alt: [d.options.theme, d.options.roomType].filter(Boolean).join(' ') || 'Design',
    }));

  return (
    <>
      <Head title="AI room designer" />
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">AI room designer</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Upload a photo of a room, pick a style, and watch the design come together.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <EngineBadge label={engine.label} name={engine.name} />
          <Link
            href={designerPaths.credits}
            className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-700 dark:bg-brand-950 dark:text-brand-300"
            data-testid="credits-badge"
          >
            {credits} credit{credits === 1 ? '' : 's'}
          </Link>
          <ButtonLink href={designerPaths.gallery} variant="secondary" size="sm">
            Gallery
          </ButtonLink>
          <ButtonLink href={designerPaths.dreams} variant="ghost" size="sm">
            Dreams
          </ButtonLink>
        </div>
      </div>

      {engine.name === 'local' && (
        <Alert variant="info" className="mb-6" title="Local preview engine">
          Designs are made on this server without an AI service: the photo is restyled by theme and colour palette
          (tone, wall and floor colours, texture, light) and upscaled 2×. Furniture is not added.
        </Alert>
      )}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
        <div className="space-y-6 lg:col-span-3">
          <Card title="1. Your room">
            <ImagePicker
              value={image}
              onChange={(picked) => form.set('image', picked)}
              error={errors.image}
              maxMb={15}
            />
          </Card>
          <Card title="2. Style">
            <OptionsFields value={options} onChange={setOptions} catalog={catalog} errors={errors} />
            <TextAreaField
              label="Prompt"
              name="prompt"
              className="mt-4"
              error={errors.prompt}
              rows={3}
              maxLength={2000}
              value={prompt}
              onChange={(e) => form.set('prompt', e.target.value)}
              placeholder="Describe what you want, e.g. bright and airy with a large plant"
            />
          </Card>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <Button
              size="lg"
              onClick={generate}
              loading={form.processing}
              disabled={running || credits < cost}
              data-testid="generate-button"
            >
              {running ? 'Generating…' : `Generate design (${cost} credit${cost === 1 ? '' : 's'})`}
            </Button>
            {credits < cost && (
              <p className="text-sm text-amber-700 dark:text-amber-300">
                You need {cost} credit{cost === 1 ? '' : 's'}.{' '}
                <a href={routes.marketplace} className="font-semibold underline" data-testid="buy-credits">
                  Buy credits
                </a>{' '}
                or{' '}
                <Link href={routes.credits} className="underline">
                  see your history
                </Link>
                .
              </p>
            )}
          </div>
        </div>

        <div className="space-y-6 lg:col-span-2">
          {progress.designId && (
            <Card title={result ? 'Your design' : progress.status === 'failed' ? 'Generation failed' : 'Generating'}>
              {result && result.image ? (
                <div className="space-y-4">
                  <CompareSlider
                    before={result.original_image}
                    after={result.image}
                    aspectRatio={(result.image_width ?? 4) / (result.image_height ?? 3)}
                  />
                  <ProgressSteps
                    steps={progress.steps}
                    progress={progress.progress}
                    currentStep={progress.currentStep}
                  />
                  <div className="flex flex-wrap gap-2">
                    <ButtonLink href={designerPaths.show(result.id)} data-testid="open-design">
                      Open design
                    </ButtonLink>
                    <Button variant="secondary" onClick={() => progress.reset()}>
                      New design
                    </Button>
                  </div>
                </div>
              ) : (
                <div className="space-y-4">
                  <ProgressSteps
                    steps={progress.steps}
                    progress={progress.progress}
                    currentStep={progress.currentStep}
                    failed={progress.status === 'failed'}
                  />
                  {progress.status === 'failed' && (
                    <Alert variant="error" title="Failed to generate design">
                      {progress.error}
                    </Alert>
                  )}
                  {progress.designId && (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => router.visit(designerPaths.show(progress.designId!))}
                    >
                      Open the design page
                    </Button>
                  )}
                </div>
              )}
            </Card>
          )}

          <Card title="Saved prompts" description="Keep the options and prompt you like for next time.">
            <div className="flex gap-2">
              <Input
                value={promptName}
                onChange={(e) => setPromptName(e.target.value)}
                placeholder="Name"
                aria-label="Prompt name"
                maxLength={80}
              />
              <Button variant="secondary" onClick={savePrompt} data-testid="save-prompt">
                Save
              </Button>
            </div>
            <DividedList
              items={prompts}
              empty={<p className="mt-3 text-sm text-slate-500 dark:text-slate-400">No saved prompts yet.</p>}
              className="mt-4"
            >
              {(p) => (
                <li key={p.id} className="flex items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-slate-800 dark:text-slate-100">{p.name}</p>
                    <p className="truncate text-xs text-slate-500 dark:text-slate-400">
                      {[p.options.theme, p.options.roomType].filter(Boolean).join(' · ') || p.prompt}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Button size="sm" variant="ghost" onClick={() => applyPrompt(p)}>
                      Use
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => deletePrompt(p)} aria-label={`Delete ${p.name}`}>
                      ✕
                    </Button>
                  </div>
                </li>
              )}
            </DividedList>
          </Card>

          {carouselItems.length > 0 && (
            <Card title="Recent designs" padded={false}>
              <Carousel items={carouselItems} className="rounded-none rounded-b-2xl" />
            </Card>
          )}
        </div>
      </div>

      {recent.length > 0 && (
        <section className="mt-10">
          <div className="mb-3 flex items-center justify-between">
            <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Your latest designs</h2>
            <Link href={designerPaths.gallery} className="text-sm text-brand-700 hover:underline dark:text-brand-300">
              See all
            </Link>
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {recent.map((d) => (
              <DesignCard key={d.id} design={d} />
            ))}
          </div>
        </section>
      )}
    </>
  );
}
