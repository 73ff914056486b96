import { Head } from '@inertiajs/react';
import { useEffect, useMemo, useState } from 'react';
import { designerApi, designerPaths } from '@/api/designer';
import type { Design } from '@contracts/designs';
import { BackLink, Button, Card, FormField, Input, TextAreaField } from '@/components/ui';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/toast';
import type { PageProps } from '@/types';
import { useAttempt } from '@/hooks/useAttempt';
import { escapeHtml } from '../../common/escape-html';

type Side = 'front' | 'back';

interface SideState {
  editHistory: Array<{ at: string; action: string; detail?: string }>;
  selectedBrands: string[];
  currentDesignHtml: string;
  updated_at: string | null;
  sessions: Array<{ id: string; edits: number; started_at: string; ended_at: string | null }>;
}

type Props = PageProps<{ design: Design; editState: Record<Side, SideState>; side: Side }>;

const BRANDS = ['IKEA', 'West Elm', 'CB2', 'Article', 'Crate & Barrel', 'Muji', 'Pottery Barn', 'Hay'];

function buildHtml(headline: string, body: string, brands: string[]): string {
  return `<h2>${escapeHtml(headline)}</h2><p>${escapeHtml(body).replace(/\n/g, '<br>')}</p>${brands.length ? `<p class="brands">${brands.map(escapeHtml).join(' · ')}</p>` : ''}`;
}

function parseHtml(html: string): { headline: string; body: string } {
  const doc = new DOMParser().parseFromString(html || '', 'text/html');
  return {
    headline: doc.querySelector('h2')?.textContent ?? '',
    body:
      doc
        .querySelector('p:not(.brands)')
        ?.innerHTML.replace(/<br\s*\/?>/g, '\n')
        .replace(/<[^>]+>/g, '') ?? '',
  };
}

const previewDoc = (html: string, image: string | null) =>
  `<!doctype html><html><head><style>body{margin:0;font-family:system-ui,sans-serif;color:#fff}.card{position:relative;min-height:100vh;background:#0f172a center/cover no-repeat;${image ? `background-image:url('${image}');` : ''}}.text{position:absolute;inset:auto 0 0 0;padding:16px;background:linear-gradient(transparent,rgba(0,0,0,.75))}h2{margin:0 0 6px;font-size:20px}p{margin:0 0 6px;font-size:14px}.brands{opacity:.8;font-size:12px}</style></head><body><div class="card"><div class="text">${html}</div></div></body></html>`;

/** The edit view: a flyer-style card with a front and a back side, saved per side with its history. */
export default function DesignerEdit({ design, editState, side: initialSide }: Props) {
  const [side, setSide] = useState<Side>(initialSide);
  const [state, setState] = useState(editState);
  const current = state[side];
  const parsed = useMemo(() => parseHtml(current.currentDesignHtml), [current.currentDesignHtml]);
  const [headline, setHeadline] = useState(parsed.headline);
  const [body, setBody] = useState(parsed.body);
  const [brands, setBrands] = useState(current.selectedBrands);
  const { busy: saving, attempt } = useAttempt();

  useEffect(() => {
    const p = parseHtml(state[side].currentDesignHtml);
    setHeadline(
      p.headline ||
        (side === 'front'
          ? [design.options.theme, design.options.roomType].filter(Boolean).join(' ')
          : 'Shopping list'),
    );
    setBody(p.body);
    setBrands(state[side].selectedBrands);
    // One edit session per visit to a side.
    let sessionId: string | null = null;
    designerApi
      .startEditSession(design.id, side)
      .then((r) => (sessionId = r.session.id))
      .catch(() => undefined);
    return () => {
      if (sessionId) void designerApi.endEditSession(design.id, sessionId).catch(() => undefined);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [side, design.id]);

  const html = buildHtml(headline, body, brands);
  const image = side === 'front' ? design.image : design.original_image;

  const save = async () => {
    await attempt(async () => {
      const entry = {
        at: new Date().toISOString(),
        action: 'save',
        detail: `${headline.slice(0, 60)} (${brands.length} brands)`,
      };
      const res = await designerApi.saveEditState<Omit<SideState, 'sessions'>>(design.id, side, {
        editHistory: [...current.editHistory, entry],
        selectedBrands: brands,
        currentDesignHtml: html,
      });
      setState((s) => ({ ...s, [side]: { ...s[side], ...res.state } }));
      notify.success(`${side === 'front' ? 'Front' : 'Back'} saved`);
    }, 'Could not save your changes');
  };

  const toggleBrand = (b: string) =>
    setBrands((list) => (list.includes(b) ? list.filter((x) => x !== b) : [...list, b]));

  return (
    <>
      <Head title="Edit design" />
      <BackLink href={designerPaths.show(design.id)}>Back to the design</BackLink>
      <div className="mb-6 mt-1 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900 dark:text-white">Edit design card</h1>
        <div role="tablist" aria-label="Side" className="flex gap-1 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
          {(['front', 'back'] as const).map((s) => (
            <button
              key={s}
              role="tab"
              aria-selected={side === s}
              onClick={() => setSide(s)}
              className={cn(
                'rounded-md px-4 py-1.5 text-sm font-medium capitalize',
                side === s ? 'bg-white shadow dark:bg-slate-900' : 'text-slate-600 dark:text-slate-300',
              )}
            >
              {s}
            </button>
          ))}
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <iframe
          title={`${side} preview`}
          sandbox=""
          srcDoc={previewDoc(html, image)}
          className="aspect-[4/3] w-full rounded-xl border border-slate-200 dark:border-slate-800"
        />
        <div className="space-y-6">
          <Card title={side === 'front' ? 'Front side' : 'Back side'}>
            <div className="space-y-4">
              <FormField label="Headline" name="headline">
                <Input value={headline} onChange={(e) => setHeadline(e.target.value)} maxLength={120} />
              </FormField>
              <TextAreaField
                label="Text"
                name="body"
                rows={4}
                value={body}
                onChange={(e) => setBody(e.target.value)}
                maxLength={2000}
              />
              <fieldset>
                <legend className="mb-2 text-sm font-medium text-slate-700 dark:text-slate-200">Brands</legend>
                <div className="flex flex-wrap gap-2">
                  {BRANDS.map((b) => (
                    <button
                      key={b}
                      type="button"
                      aria-pressed={brands.includes(b)}
                      onClick={() => toggleBrand(b)}
                      className={cn(
                        'rounded-full border px-3 py-1 text-sm',
                        brands.includes(b)
                          ? 'border-brand-600 bg-brand-600 text-white'
                          : 'border-slate-300 text-slate-700 dark:border-slate-700 dark:text-slate-200',
                      )}
                    >
                      {b}
                    </button>
                  ))}
                </div>
              </fieldset>
              <Button onClick={save} loading={saving}>
                Save {side}
              </Button>
            </div>
          </Card>
          <Card title="History">
            {current.editHistory.length ? (
              <ol className="space-y-1 text-sm">
                {[...current.editHistory]
                  .reverse()
                  .slice(0, 10)
                  .map((h, i) => (
                    <li key={`${h.at}-${i}`} className="flex justify-between gap-2">
                      <span className="truncate text-slate-700 dark:text-slate-200">{h.detail ?? h.action}</span>
                      <time className="shrink-0 text-slate-500 dark:text-slate-400">
                        {new Date(h.at).toLocaleString()}
                      </time>
                    </li>
                  ))}
              </ol>
            ) : (
              <p className="text-sm text-slate-500 dark:text-slate-400">No edits on this side yet.</p>
            )}
            <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
              {current.sessions.length} earlier editing session{current.sessions.length === 1 ? '' : 's'} on this side.
            </p>
          </Card>
        </div>
      </div>
    </>
  );
}
