import { useCallback, useEffect, useState } from 'react';
import { propertiesApi, propertyPaths, type EditorStep } from '@/api/properties';
import {
  blankForm,
  formFrom,
  isFormStep,
  needsSavedProperty,
  payloadFor,
  type EditorForm,
} from '@/components/property/editor/form';
import type { Currency, Property } from '@contracts/properties';
import { useApiForm } from '@/hooks/useApiForm';
import { usePropertyResources } from '@/hooks/usePropertyResources';
import { errorMessage } from '@/lib/errors';
import { notify } from '@/lib/toast';

/** The editor's address for a step: the property's own, or the new-property editor's before the first save. */
function editorUrl(slug: string | null, step: EditorStep): string {
  return slug ? propertyPaths.edit(slug, step) : `${propertyPaths.create}?step=${step}`;
}

/**
 * The property editor's state: which step, the fields of the form steps, saving them, and the property with its
 * photos and currencies. With no slug the property does not exist yet: the first save of a form step creates the
 * draft, so opening "New property" and leaving makes nothing. A draft's slug follows its name until the property
 * is first published, so the slug is taken from every save's answer.
 */
export function usePropertyEditor(initialSlug: string | null, initialStep: EditorStep) {
  const [slug, setSlug] = useState(initialSlug);
  const [step, setStep] = useState<EditorStep>(
    initialSlug === null && needsSavedProperty(initialStep) ? 'address' : initialStep,
  );
  const resources = usePropertyResources(slug);
  const { data, setData } = resources;
  const [newCurrencies, setNewCurrencies] = useState<Currency[]>([]);
  const [ready, setReady] = useState(initialSlug === null);
  const form = useApiForm<EditorForm, { property: Property }>(blankForm(), {
    successMessage: 'Saved',
    errorFallback: 'Could not save the property',
  });
  const { setData: setForm, setErrors } = form;

  // The form starts from the property once it has loaded (later reloads keep what is being typed).
  useEffect(() => {
    if (data && !ready) {
      setForm(formFrom(data.property));
      setReady(true);
    }
  }, [data, ready, setForm]);

  // Before the first save there is no property to bring the currencies: ask for them alone.
  useEffect(() => {
    if (initialSlug !== null) return;
    propertiesApi
      .currencies()
      .then((res) => setNewCurrencies(res.currencies))
      .catch((e) => notify.error(errorMessage(e, 'Could not load the currencies')));
  }, [initialSlug]);

  useEffect(() => {
    const url = editorUrl(slug, step);
    if (`${window.location.pathname}${window.location.search}` !== url)
      window.history.replaceState(window.history.state, '', url);
  }, [slug, step]);

  const go = useCallback(
    (next: EditorStep) => {
      setStep(next);
      setErrors({});
    },
    [setErrors],
  );

  /** Saves the current step's fields (creating the draft on the first save), then moves to `thenGo`. */
  const save = async (thenGo?: EditorStep) => {
    if (!ready) return;
    if (isFormStep(step)) {
      const saved = await form.submit((values) =>
        slug ? propertiesApi.update(slug, payloadFor(step, values)) : propertiesApi.create(payloadFor(step, values)),
      );
      if (!saved) return;
      setData((current) => (current ? { ...current, property: saved.property } : current));
      setSlug(saved.property.slug);
    }
    if (thenGo) go(thenGo);
  };

  return {
    slug,
    step,
    go,
    save,
    ready,
    form,
    property: data?.property ?? null,
    photos: data?.photos ?? [],
    currencies: data?.currencies ?? newCurrencies,
    loading: resources.loading,
    error: resources.error,
    reload: resources.reload,
  };
}
