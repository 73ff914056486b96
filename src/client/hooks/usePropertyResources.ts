import { useCallback, useEffect, useState } from 'react';
import { propertiesApi, type PropertyResources } from '@/api/properties';
import { errorMessage } from '@/lib/errors';
import { logger } from '@/lib/logger';

export type { PropertyResources } from '@/api/properties';

/** GET /api/property/{slug}/resources; refuses to run without a slug ("no property slug available"). */
export const loadPropertyResources = propertiesApi.resources;

/** The property, photos and currencies of one editable property; nothing is loaded while `slug` is null. */
export function usePropertyResources(slug: string | null) {
  const [data, setData] = useState<PropertyResources | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(slug !== null);

  const reload = useCallback(async () => {
    if (slug === null) return;
    setLoading(true);
    try {
      setData(await loadPropertyResources(slug));
      setError(null);
    } catch (e) {
      const message = errorMessage(e, 'Could not load the property');
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
