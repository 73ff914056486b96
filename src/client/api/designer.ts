import { api } from '@/lib/http';
import type { Design, DesignOptions, SavedPrompt } from '@contracts/designs';

/** The designer's pages. */
export const designerPaths = {
  index: '/designer',
  gallery: '/designer/gallery',
  show: (id: string) => `/designer/${id}`,
  share: (id: string) => `/designer/${id}/share`,
  edit: (id: string) => `/designer/${id}/edit`,
  chat: (id: string) => `/designer/${id}/chat`,
  dreams: '/dreams',
  dream: (id: string) => `/dreams/${id}`,
  credits: '/credits',
};

/** The designer's /api calls, all through the one HTTP client. */
export const designerApi = {
  generate(form: {
    image: File;
    options: DesignOptions;
    prompt?: string;
    width?: number;
    height?: number;
    orientation?: string;
  }) {
    const body = new FormData();
    body.append('image', form.image);
    for (const [key, value] of Object.entries(form.options)) if (value) body.append(`options[${key}]`, value);
    if (form.prompt) body.append('prompt', form.prompt);
    if (form.width) body.append('image_width', String(form.width));
    if (form.height) body.append('image_height', String(form.height));
    if (form.orientation) body.append('image_orientation', form.orientation);
    return api.post<{ message: string; design: Design }>('/api/designs/generate', body);
  },
  regenerate: (generatedDesignId: string, options: DesignOptions, withOptions: boolean) =>
    api.post<{ message: string; design: Design }>('/api/designs/regenerate', {
      generatedDesignId,
      options,
      withOptions,
    }),
  retry: (id: string, generatedDesign?: string) =>
    api.post<{ message: string; design: Design }>(
      `/api/designs/${id}/retry`,
      generatedDesign ? { generated_design: generatedDesign } : {},
    ),
  savePrompt: (name: string, prompt: string, options: DesignOptions) =>
    api.post<{ message: string; prompt: SavedPrompt }>('/api/designs/prompts', { name, prompt, options }),
  deletePrompt: (id: string) => api.delete(`/api/designs/prompts/${id}`),
  favorite: (id: string, favorite: boolean) =>
    api.post<{ design: Design }>(`/api/designs/${id}/favorite`, { favorite }),
  share: (id: string) => api.post<{ share_url: string; design: Design }>(`/api/designs/${id}/share`),
  unshare: (id: string) => api.delete<{ design: Design }>(`/api/designs/${id}/share`),
  remove: (id: string) => api.delete(`/api/designs/${id}`),
  get: (id: string) => api.get<{ design: Design }>(`/api/designs/${id}`),
  /** A message to the design's assistant; `M` is the chat message shape of the page. */
  chat: <M>(id: string, message: string) => api.post<{ message: M; reply: M }>(`/api/designs/${id}/chat`, { message }),
  /** Reports an assistant reply to the moderators (Admin DesignChat). */
  reportMessage: (id: string, messageId: string, reason: string) =>
    api.post<{ message: string }>(`/api/designs/${id}/chat/${messageId}/report`, { reason }),
  startEditSession: (id: string, side: string) =>
    api.post<{ session: { id: string } }>(`/api/designs/${id}/edit-sessions/${side}`),
  endEditSession: (id: string, sessionId: string) => api.post(`/api/designs/${id}/edit-sessions/${sessionId}/end`),
  saveEditState: <S>(id: string, side: string, state: Record<string, unknown>) =>
    api.put<{ state: S }>(`/api/designs/${id}/edit-state/${side}`, state),
  removeDream: (id: string) => api.delete(`/api/dream/${id}`),
  saveDream: (designId: string, title: string, generatedDesignId?: string, note?: string) =>
    api.post<{ data: { dream: { id: string } } }>('/api/dreams', {
      design_id: designId,
      generated_design_id: generatedDesignId,
      title,
      note,
    }),
};
