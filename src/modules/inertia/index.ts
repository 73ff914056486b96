export { Inertia } from './inertia';
export { escapeHtml } from './page-builder';
