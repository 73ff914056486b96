import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Length, Matches, Max, MaxLength, Min, NotEquals } from 'class-validator';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';
import type { WikiCategory } from '../../../contracts/wiki';

export const WIKI_CATEGORIES: WikiCategory[] = ['term', 'brand', 'architect', 'neighbourhood'];
/** Far beyond any article's history, and inside PostgreSQL's integer. */
const MAX_REVISION = 1_000_000;
const CATEGORY_MESSAGE = 'Choose term, brand, architect or neighbourhood.';

/** An edit: the whole article as it should read now, and what changed. */
export class WikiEditDto {
  @IsString()
  @Length(2, 120, { message: 'The title must be 2 to 120 characters.' })
  title!: string;

  @IsIn(WIKI_CATEGORIES, { message: CATEGORY_MESSAGE })
  category!: WikiCategory;

  @IsString()
  @Length(1, 100_000, { message: 'The article is 1 to 100,000 characters.' })
  body_html!: string;

  @MayBeOmitted()
  @IsString()
  @MaxLength(200, { message: 'The summary may be at most 200 characters.' })
  summary?: string;

  /** The revision the editor started from: a newer one saved meanwhile makes this edit a conflict (422). */
  @MayBeOmitted()
  @Type(() => Number)
  @IsInt({ message: 'base_revision is a revision number.' })
  @Min(1, { message: 'base_revision is a revision number.' })
  @Max(MAX_REVISION, { message: 'base_revision is a revision number.' })
  base_revision?: number;
}

export class CreateWikiArticleDto extends WikiEditDto {
  @IsString()
  @Length(2, 80, { message: 'The address must be 2 to 80 characters.' })
  @Matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'Use lowercase letters, digits and single hyphens.' })
  @NotEquals('new', { message: 'That address is reserved.' })
  slug!: string;
}

export class WikiRollbackDto {
  @Type(() => Number)
  @IsInt({ message: 'Choose a revision number.' })
  @Min(1, { message: 'Choose a revision number.' })
  @Max(MAX_REVISION, { message: 'Choose a revision number.' })
  revision!: number;

  @MayBeOmitted()
  @IsString()
  @MaxLength(160, { message: 'The reason may be at most 160 characters.' })
  reason?: string;
}

export class WikiListQueryDto extends PageQueryDto {
  /** Titles starting with this text (case-insensitive). */
  @MayBeOmitted()
  @IsString()
  @MaxLength(120, { message: 'The search may be at most 120 characters.' })
  q?: string;

  @MayBeOmitted()
  @IsIn(WIKI_CATEGORIES, { message: CATEGORY_MESSAGE })
  category?: WikiCategory;
}

export class WikiDiffQueryDto {
  @Type(() => Number)
  @IsInt({ message: 'from is a revision number.' })
  @Min(1, { message: 'from is a revision number.' })
  @Max(MAX_REVISION, { message: 'from is a revision number.' })
  from!: number;

  @Type(() => Number)
  @IsInt({ message: 'to is a revision number.' })
  @Min(1, { message: 'to is a revision number.' })
  @Max(MAX_REVISION, { message: 'to is a revision number.' })
  to!: number;
}

export class WikiTalkDto {
  @IsString()
  @Length(1, 10_000, { message: 'A comment is 1 to 10,000 characters.' })
  body_html!: string;
}

export class WikiTalkQueryDto {
  @MayBeOmitted()
  @IsString()
  @MaxLength(120)
  cursor?: string;
}
