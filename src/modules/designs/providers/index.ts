import type { DesignsConfig } from '../../../config/designs.config';
import type { ImageProvider } from './image-provider';
import { LocalPreviewEngine } from './local-engine';
import { OpenAiImagesProvider } from './openai-images.provider';
import { ReplicateProvider } from './replicate.provider';

export * from './image-provider';
export { LocalPreviewEngine, restyle, upscale2x } from './local-engine';
export { ReplicateProvider } from './replicate.provider';
export { OpenAiImagesProvider } from './openai-images.provider';

export const IMAGE_PROVIDER = Symbol('IMAGE_PROVIDER');

export function createImageProvider(config: DesignsConfig): ImageProvider {
  switch (config.provider) {
    case 'replicate':
      return new ReplicateProvider(config.replicate);
    case 'openai':
      return new OpenAiImagesProvider(config.openai);
    default:
      return new LocalPreviewEngine();
  }
}
