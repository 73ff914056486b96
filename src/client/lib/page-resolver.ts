import type { ComponentType } from 'react';

// Pages take any props and a layout of any shape: the resolver only passes them through.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PageComponent = ComponentType<any> & { layout?: any };
export type PageModule = { default: PageComponent };
export type PageLoaders = Record<string, () => Promise<unknown>>;

/** Path of a page file as produced by import.meta.glob('../pages/**\/*.tsx') from src/client. */
export function pagePath(name: string): string {
  return `../pages/${name}.tsx`;
}

/** Finds the page component for an Inertia component name, e.g. "Admin/Sweepstakes/Draw". */
export async function resolvePage(name: string, loaders: PageLoaders): Promise<PageComponent> {
  const load = loaders[pagePath(name)];
  if (!load) throw new Error(`Inertia page not found: "${name}" (expected src/pages/${name}.tsx)`);
  const module = (await load()) as PageModule;
  return module.default;
}
