import { Foundation1763870000000 } from './1763870000000-Foundation';

/** Every migration in order; listed explicitly so the build, the CLI and the tests load the same set. */
export const migrations = [Foundation1763870000000];
