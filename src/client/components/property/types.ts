/**
 * Kept only while the property editor is being split into steps (another branch imports this path): the shapes
 * live in src/contracts. New code imports `@contracts/properties` / `@contracts/listings` / `@contracts/users`.
 */
export type * from '@contracts/properties';
export type * from '@contracts/listings';
export type { PublicUser as PublicUserJson } from '@contracts/users';
