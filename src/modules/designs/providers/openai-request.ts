import type { DesignsConfig } from '../../../config/designs.config';
import { ProviderError, errorDetail, providerFetch } from './image-provider';

/**
 * A POST to the OpenAI API with the account's key, shared by the image and chat providers. A JSON body is sent
 * as `application/json`; FormData sets its own multipart type. An answer outside 2xx becomes a ProviderError
 * whose retry flag follows the status (a content-policy refusal is a 400, so it is not retried).
 */
export async function openAiPost(
  config: DesignsConfig['openai'],
  path: string,
  body: FormData | object,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Response> {
  const isForm = body instanceof FormData;
  const res = await providerFetch(
    'OpenAI',
    `${config.baseUrl}${path}`,
    {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${config.apiKey}`,
        ...(isForm ? {} : { 'Content-Type': 'application/json' }),
      },
      body: isForm ? body : JSON.stringify(body),
    },
    timeoutMs,
    signal,
  );
  if (!res.ok) throw ProviderError.fromStatus('OpenAI', res.status, await errorDetail(res));
  return res;
}
