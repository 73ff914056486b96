import type { CatalogueCategory } from '../../contracts/commerce';

/** The categories the platform sells in; commission and reporting rules key on these slugs. */
export const CATEGORIES: CatalogueCategory[] = [
  { slug: 'credit-packs', label: 'Image credit packs', department: 'ai' },
  { slug: 'style-packs', label: 'Design style packs', department: 'ai' },
  { slug: 'premium-prompts', label: 'Premium prompts', department: 'ai' },
  { slug: 'listing-boosts', label: 'Listing boosts', department: 'real_estate' },
  { slug: 'featured-placement', label: 'Featured placement', department: 'real_estate' },
  { slug: 'printed-goods', label: 'Printed flyers and signs', department: 'real_estate' },
  { slug: 'guides', label: 'Templates and guides', department: 'real_estate' },
];

/** A category's label, or its slug when the catalogue no longer lists it. */
export function categoryLabel(slug: string): string {
  return CATEGORIES.find((c) => c.slug === slug)?.label ?? slug;
}
