export { Inertia } from './inertia';
