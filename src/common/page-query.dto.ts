import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

/** Deepest page a list may be asked for: beyond it offsets stop being cheap and numbers stop being sane. */
export const MAX_PAGE = 10_000;
export const MAX_PER_PAGE = 100;

/**
 * The paging query every list accepts. Out-of-range or non-numeric values answer 422 on the field, so a
 * `?page=99999999999999999999` never reaches SQL. Extend it with the list's own filters.
 */
export class PageQueryDto {
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'The page must be a whole number.' })
  @Min(1, { message: 'The page must be at least 1.' })
  @Max(MAX_PAGE, { message: `The page may be at most ${MAX_PAGE}.` })
  page?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'per_page must be a whole number.' })
  @Min(1, { message: 'per_page must be at least 1.' })
  @Max(MAX_PER_PAGE, { message: `per_page may be at most ${MAX_PER_PAGE}.` })
  per_page?: number;

  /** Page number, size and row offset with the list's default size. */
  window(defaultPerPage = 20): { page: number; perPage: number; offset: number } {
    const page = this.page ?? 1;
    const perPage = this.per_page ?? defaultPerPage;
    return { page, perPage, offset: (page - 1) * perPage };
  }
}
