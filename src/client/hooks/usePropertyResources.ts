import { useCallback, useEffect, useState } from 'react';
import type { Currency, Property, Upload } from '@contracts/properties';
import { requireSlug } from '@/components/property/rules';
import { api } from '@/lib/http';
import { logger } from '@/lib/logger';

export interface PropertyResources {
  property: Property;
  photos: Upload[];
  currencies: Currency[];
  component_types: string[];
}

/** GET /api/property/{slug}/resources; refuses to run without a slug ("no property slug available"). */
export function loadPropertyResources(slug: string | null | undefined): Promise<PropertyResources> {
  let checked: string;
  try {
    checked = requireSlug(slug);
  } catch (error) {
    return Promise.reject(error);
  }
  return api.get<PropertyResources>(`/api/property/${encodeURIComponent(checked)}/resources`);
}

export function usePropertyResources(slug: string | null | undefined) {
  const [data, setData] = useState<PropertyResources | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await loadPropertyResources(slug));
      setError(null);
    } catch (e) {
      const message = e instanceof Error ? e.message : 'Could not load the property';
      logger.error(message);
      setError(message);
    } finally {
      setLoading(false);
    }
  }, [slug]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { data, setData, error, loading, reload };
}
