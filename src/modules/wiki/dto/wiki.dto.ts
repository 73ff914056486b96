import { Type } from 'class-transformer';
import { IsIn, Matches, NotEquals } from 'class-validator';
import { IntBetween, Text, TextBetween } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';
import type { WikiCategory } from '../../../contracts/wiki';

export const WIKI_CATEGORIES: WikiCategory[] = ['term', 'brand', 'architect', 'neighbourhood'];
/** Far beyond any article's history, and inside PostgreSQL's integer. */
const MAX_REVISION = 1_000_000;
const CATEGORY_MESSAGE = 'Choose term, brand, architect or neighbourhood.';

/** An edit: the whole article as it should read now, and what changed. */
export class WikiEditDto {
  @TextBetween(2, 120, 'The title must be 2 to 120 characters.')
  title!: string;

  @IsIn(WIKI_CATEGORIES, { message: CATEGORY_MESSAGE })
  category!: WikiCategory;

  @TextBetween(1, 100_000, 'The article is 1 to 100,000 characters.')
  body_html!: string;

  @MayBeOmitted()
  @Text(200, 'The summary may be at most 200 characters.')
  summary?: string;

  /** The revision the editor started from: a newer one saved meanwhile makes this edit a conflict (422). */
  @MayBeOmitted()
  @Type(() => Number)
  @IntBetween(1, MAX_REVISION, 'base_revision is a revision number.')
  base_revision?: number;
}

export class CreateWikiArticleDto extends WikiEditDto {
  @TextBetween(2, 80, 'The address must be 2 to 80 characters.')
  @Matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'Use lowercase letters, digits and single hyphens.' })
  @NotEquals('new', { message: 'That address is reserved.' })
  slug!: string;
}

export class WikiRollbackDto {
  @Type(() => Number)
  @IntBetween(1, MAX_REVISION, 'Choose a revision number.')
  revision!: number;

  @MayBeOmitted()
  @Text(160, 'The reason may be at most 160 characters.')
  reason?: string;
}

export class WikiListQueryDto extends PageQueryDto {
  /** Titles starting with this text (case-insensitive). */
  @MayBeOmitted()
  @Text(120, 'The search may be at most 120 characters.')
  q?: string;

  @MayBeOmitted()
  @IsIn(WIKI_CATEGORIES, { message: CATEGORY_MESSAGE })
  category?: WikiCategory;
}

export class WikiDiffQueryDto {
  @Type(() => Number)
  @IntBetween(1, MAX_REVISION, 'from is a revision number.')
  from!: number;

  @Type(() => Number)
  @IntBetween(1, MAX_REVISION, 'to is a revision number.')
  to!: number;
}

export class WikiTalkDto {
  @TextBetween(1, 10_000, 'A comment is 1 to 10,000 characters.')
  body_html!: string;
}

export class WikiTalkQueryDto {
  @MayBeOmitted()
  @Text(120)
  cursor?: string;
}
