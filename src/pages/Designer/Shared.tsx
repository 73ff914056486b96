import { Head, Link } from '@inertiajs/react';
import { CompareSlider } from '@/components/designer/CompareSlider';
import { Carousel } from '@/components/designer/Carousel';
import { ShareButtons } from '@/components/designer/ShareButtons';
import { ButtonLink } from '@/components/ui';
import { useAuthUser } from '@/hooks/useSharedProps';
import type { PageProps } from '@/types';

interface SharedDesign {
  id: string;
  image: string | null;
  original_image: string | null;
  options: { roomType?: string; theme?: string; colors?: string };
  generatedDesigns: Array<{ id: string; image: string | null; options: { roomType?: string; theme?: string } }>;
  image_width: number | null;
  image_height: number | null;
}

type Props = PageProps<{
  design: SharedDesign;
  og: { title: string; description: string; image: string | null; url: string };
  token: string;
}>;

/** The public shared image: before/after, other takes, and a way to make one's own. */
export default function DesignerShared({ design, og }: Props) {
  const user = useAuthUser();
  const takes = design.generatedDesigns
    .filter((g) => g.image)
    .map((g) => ({
      id: g.id,
      src: g.image!,
      alt: [g.options.theme, g.options.roomType].filter(Boolean).join(' ') || 'Design',
    }));
  return (
    <>
      <Head title={og.title}>
        <meta property="og:title" content={og.title} />
        <meta property="og:description" content={og.description} />
        {og.image && <meta property="og:image" content={og.image} />}
        <meta property="og:url" content={og.url} />
      </Head>
      <div className="mx-auto max-w-4xl space-y-6">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">{og.title}</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{og.description}</p>
        </div>
        {design.image && design.original_image && (
          <CompareSlider
            before={design.original_image}
            after={design.image}
            aspectRatio={(design.image_width ?? 4) / (design.image_height ?? 3)}
          />
        )}
        {takes.length > 1 && <Carousel items={takes} />}
        <ShareButtons url={og.url} text={og.title} image={og.image} />
        <div className="rounded-2xl bg-brand-50 p-5 text-center dark:bg-brand-950/40">
          <p className="font-medium text-slate-900 dark:text-white">Redesign your own room</p>
          <div className="mt-3">
            {user ? (
              <ButtonLink href="/designer">Open the designer</ButtonLink>
            ) : (
              <ButtonLink href="/register">Create a free account</ButtonLink>
            )}
          </div>
          {!user && (
            <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
              Already have one?{' '}
              <Link href="/login" className="underline">
                Log in
              </Link>
            </p>
          )}
        </div>
      </div>
    </>
  );
}
