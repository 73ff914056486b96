import { Head, router } from '@inertiajs/react';
import { CompareSlider } from '@/components/designer/CompareSlider';
import { designerApi, designerPaths } from '@/api/designer';
import type { Design } from '@contracts/designs';
import { BackLink, Button, ButtonLink } from '@/components/ui';
import { notify } from '@/lib/toast';
import type { PageProps } from '@/types';
import type { Dream as DreamJson } from '@contracts/designs';
import { useAttempt } from '@/hooks/useAttempt';

type Props = PageProps<{ dream: DreamJson & { design: Design } }>;

export default function DreamShow({ dream }: Props) {
  const { attempt } = useAttempt();
  const remove = async () => {
    await attempt(async () => {
      await designerApi.removeDream(dream.id);
      notify.success('Dream removed');
      router.visit(designerPaths.dreams);
    }, 'Could not remove the dream');
  };
  return (
    <>
      <Head title={dream.title} />
      <BackLink href={designerPaths.dreams}>Dreams</BackLink>
      <h1 className="mb-1 mt-1 text-2xl font-semibold text-slate-900 dark:text-white">{dream.title}</h1>
      {dream.note && <p className="mb-4 text-slate-600 dark:text-slate-300">{dream.note}</p>}
      <div className="mx-auto max-w-4xl space-y-4">
        {dream.image ? (
          <CompareSlider
            before={dream.original_image}
            after={dream.image}
            aspectRatio={(dream.design.image_width ?? 4) / (dream.design.image_height ?? 3)}
          />
        ) : (
          <img src={dream.original_image} alt="" className="w-full rounded-xl" />
        )}
        <div className="flex flex-wrap gap-2">
          <ButtonLink href={designerPaths.show(dream.design_id)} variant="secondary">
            Open the design
          </ButtonLink>
          <Button variant="ghost" onClick={remove}>
            Remove from dreams
          </Button>
        </div>
      </div>
    </>
  );
}
