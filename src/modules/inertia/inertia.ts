import { AlwaysProp, DeferredProp, InertiaLocation, InertiaResponse, MergeProp, OptionalProp } from './inertia.types';

/** The one call controllers use: `return Inertia.render('Auth/Login', props)`. */
export const Inertia = {
  render(component: string, props: Record<string, unknown> = {}, status = 200): InertiaResponse {
    return new InertiaResponse(component, props, status);
  },
  location(url: string): InertiaLocation {
    return new InertiaLocation(url);
  },
  optional<T>(resolve: () => T | Promise<T>): OptionalProp<T> {
    return new OptionalProp(resolve);
  },
  defer<T>(resolve: () => T | Promise<T>, group?: string): DeferredProp<T> {
    return new DeferredProp(resolve, group);
  },
  always<T>(value: T | (() => T | Promise<T>)): AlwaysProp<T> {
    return new AlwaysProp(value);
  },
  merge<T>(value: T | (() => T | Promise<T>)): MergeProp<T> {
    return new MergeProp(value);
  },
};
