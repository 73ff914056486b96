import { Head, router } from '@inertiajs/react';
import { useMemo, useState } from 'react';
import { CompareSlider } from '@/components/designer/CompareSlider';
import { EngineBadge, FavoriteButton } from '@/components/designer/DesignCard';
import { OptionsFields } from '@/components/designer/OptionsFields';
import { ProgressSteps } from '@/components/designer/ProgressSteps';
import { designerApi, designerPaths } from '@/api/designer';
import type { Design, DesignerCatalog, DesignOptions, EngineInfo } from '@contracts/designs';
import { Alert, BackLink, Button, ButtonLink, Card, Checkbox, Input } from '@/components/ui';
import { useDesignProgress } from '@/hooks/useDesignProgress';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';

type Props = PageProps<{ design: Design; credits: number; cost: number; engine: EngineInfo; catalog: DesignerCatalog }>;

/** One design: live progress while it runs, then the generated designs with the compare slider. */
export default function DesignerShow({ design: initial, credits: initialCredits, cost, engine, catalog }: Props) {
  const [design, setDesign] = useState(initial);
  const [credits, setCredits] = useState(initialCredits);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const { running: busy, attempt } = useAttempt();
  const [withOptions, setWithOptions] = useState(false);
  const [options, setOptions] = useState<DesignOptions>(initial.options);
  const [dreamTitle, setDreamTitle] = useState('');
  const progress = useDesignProgress(initial, {
    onGenerated: (d) => {
      setDesign(d);
      setSelectedId(d.generatedDesigns.at(-1)?.id ?? null);
    },
    onFailed: (message) => {
      notify.error(message || 'Failed to generate design');
      setDesign((d) => ({ ...d, status: 'failed', failure_reason: message }));
    },
  });

  const done = useMemo(
    () => design.generatedDesigns.filter((g) => g.status === 'completed' && g.image),
    [design.generatedDesigns],
  );
  const selected = done.find((g) => g.id === selectedId) ?? done.at(-1) ?? null;
  const running = progress.loading;
  const failed = !running && (progress.status === 'failed' || design.status === 'failed');
  const title = [design.options.theme, design.options.roomType].filter(Boolean).join(' ') || 'Room design';

  const act = <T,>(key: string, work: () => Promise<T>, fallback: string) => attempt(work, fallback, key);

  const retry = async () => {
    notify.info('Retrying design generation...');
    const failedGen = [...design.generatedDesigns].reverse().find((g) => g.status === 'failed');
    // Whatever the server says, a failed retry reads the same.
    const res = await attempt(
      () =>
        designerApi.retry(design.id, failedGen?.id).catch(() => {
          notify.error('Failed to retry design generation');
          return undefined;
        }),
      undefined,
      'retry',
    );
    if (res) {
      setDesign(res.design);
      setCredits((c) => Math.max(0, c - cost));
      progress.watch(res.design);
    }
  };

  const regenerate = async () => {
    if (!selected) return;
    const res = await act(
      'regenerate',
      () => designerApi.regenerate(selected.id, options, withOptions),
      'Failed to generate design',
    );
    if (res) {
      setDesign(res.design);
      setCredits((c) => Math.max(0, c - cost));
      progress.watch(res.design);
    }
  };

  const toggleFavorite = async () => {
    const res = await act(
      'favorite',
      () => designerApi.favorite(design.id, !design.favorite),
      'Could not update favorites',
    );
    if (res) setDesign(res.design);
  };

  const saveDream = async () => {
    const res = await act(
      'dream',
      () => designerApi.saveDream(design.id, dreamTitle || title, selected?.id),
      'Could not save the dream',
    );
    if (res) {
      notify.success('Saved to your dreams');
      router.visit(designerPaths.dream(res.data.dream.id));
    }
  };

  const remove = async () => {
    if (!window.confirm('Delete this design and its images?')) return;
    const res = await act('delete', () => designerApi.remove(design.id), 'Could not delete the design');
    if (res !== undefined) router.visit(designerPaths.gallery);
  };

  return (
    <>
      <Head title={title} />
      <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
        <div>
          <BackLink href={designerPaths.index}>Designer</BackLink>
          <h1 className="mt-1 text-2xl font-semibold text-slate-900 dark:text-white">{title}</h1>
          <p className="text-sm text-slate-500 dark:text-slate-400">{new Date(design.created_at).toLocaleString()}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <EngineBadge label={engine.label} name={engine.name} />
          <FavoriteButton favorite={design.favorite} onToggle={toggleFavorite} busy={busy === 'favorite'} />
        </div>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          {selected?.image ? (
            <CompareSlider
              key={selected.id}
              before={design.original_image}
              after={selected.image}
              aspectRatio={(design.image_width ?? 4) / (design.image_height ?? 3)}
            />
          ) : (
            <img src={design.original_image} alt="Your room" className="w-full rounded-xl object-cover" />
          )}
          {done.length > 1 && (
            <div className="flex gap-2 overflow-x-auto pb-1" aria-label="Generated designs">
              {done.map((g, i) => (
                <button
                  key={g.id}
                  type="button"
                  onClick={() => setSelectedId(g.id)}
                  className={cn(
                    'shrink-0 overflow-hidden rounded-lg border-2',
                    g.id === selected?.id ? 'border-brand-600' : 'border-transparent',
                  )}
                  aria-label={`Design ${i + 1}`}
                  aria-pressed={g.id === selected?.id}
                >
                  <img src={g.image!} alt="" className="h-16 w-24 object-cover" />
                </button>
              ))}
            </div>
          )}
          {selected && (
            <div className="flex flex-wrap gap-2">
              <ButtonLink href={designerPaths.share(design.id)} variant="secondary" size="sm" data-testid="share-link">
                Share
              </ButtonLink>
              <ButtonLink href={designerPaths.edit(design.id)} variant="secondary" size="sm">
                Edit front & back
              </ButtonLink>
              <ButtonLink href={designerPaths.chat(design.id)} variant="secondary" size="sm">
                Ask about this design
              </ButtonLink>
              {selected.high_res_image && (
                <a
                  href={selected.high_res_image}
                  download
                  className="inline-flex h-8 items-center rounded-lg px-3 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
                >
                  Download 2× image
                </a>
              )}
            </div>
          )}
        </div>

        <div className="space-y-6">
          {(running || progress.status === 'processing' || failed || design.status !== 'completed') && (
            <Card title={failed ? 'Generation failed' : running ? 'Generating' : 'Progress'}>
              <ProgressSteps
                steps={progress.steps}
                progress={progress.progress}
                currentStep={progress.currentStep}
                failed={failed}
              />
              {failed && (
                <div className="mt-4 space-y-3">
                  <Alert variant="error" title="Failed to generate design">
                    {progress.error ?? design.failure_reason ?? 'Failed to generate design'}
                  </Alert>
                  <Button
                    onClick={retry}
                    loading={busy === 'retry'}
                    disabled={credits < cost}
                    data-testid="retry-button"
                  >
                    Retry ({cost} credit{cost === 1 ? '' : 's'})
                  </Button>
                </div>
              )}
            </Card>
          )}

          {selected && !running && (
            <Card
              title="Regenerate"
              description={`A new take on the selected design. ${credits} credit${credits === 1 ? '' : 's'} left.`}
            >
              <Checkbox
                label="Use new options"
                checked={withOptions}
                onChange={(e) => setWithOptions(e.target.checked)}
              />
              {withOptions && (
                <div className="mt-4">
                  <OptionsFields value={options} onChange={setOptions} catalog={catalog} />
                </div>
              )}
              <Button
                className="mt-4"
                onClick={regenerate}
                loading={busy === 'regenerate'}
                disabled={credits < cost}
                data-testid="regenerate-button"
              >
                Regenerate ({cost} credit{cost === 1 ? '' : 's'})
              </Button>
            </Card>
          )}

          {selected && (
            <Card title="Save as a dream">
              <div className="flex gap-2">
                <Input
                  value={dreamTitle}
                  onChange={(e) => setDreamTitle(e.target.value)}
                  placeholder={title}
                  aria-label="Dream title"
                  maxLength={120}
                />
                <Button variant="secondary" onClick={saveDream} loading={busy === 'dream'}>
                  Save
                </Button>
              </div>
            </Card>
          )}

          <Card title="Details">
            <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
              {Object.entries(design.options).map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-slate-500 dark:text-slate-400">{k.replace(/([A-Z])/g, ' $1').toLowerCase()}</dt>
                  <dd className="text-slate-800 dark:text-slate-100">{v}</dd>
                </div>
              ))}
              <dt className="text-slate-500 dark:text-slate-400">photo</dt>
              <dd className="text-slate-800 dark:text-slate-100">
                {design.image_width} × {design.image_height} ({design.image_orientation})
              </dd>
            </dl>
            {!running && (
              <Button
                variant="ghost"
                size="sm"
                className="mt-4 text-red-600 dark:text-red-400"
                onClick={remove}
                loading={busy === 'delete'}
              >
                Delete design
              </Button>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}
