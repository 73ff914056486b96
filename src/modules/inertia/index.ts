export { Inertia } from './inertia';
export { InertiaService } from './inertia.service';
export { isInertiaRequest } from './inertia.types';
export { InertiaResponse } from './inertia.types';
