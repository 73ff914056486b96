import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsISO8601, IsOptional, ValidateNested } from 'class-validator';
import { Text, TextBetween } from '../../../common/dto-fields';
import { KeysetQueryDto } from '../../../common/keyset-query.dto';
import { MayBeOmitted } from '../../../common/validation';
import type { JournalEmbedRef, JournalVisibility } from '../../../contracts/journal';

export const JOURNAL_VISIBILITIES: JournalVisibility[] = ['private', 'followers', 'public'];
export const MAX_BODY_CHARS = 100_000;

export class EmbedRefDto implements JournalEmbedRef {
  @IsIn(['listing', 'spot'], { message: 'Embed a listing or a spot.' })
  kind!: 'listing' | 'spot';

  @TextBetween(1, 64)
  ref!: string;
}

/** A post's fields other than its title (the title is required on create, optional on update). */
class JournalPostBodyDto {
  @MayBeOmitted()
  @Text(MAX_BODY_CHARS, 'The post is too long.')
  body_html?: string;

  @MayBeOmitted()
  @IsIn(JOURNAL_VISIBILITIES, { message: 'Choose private, followers or public.' })
  visibility?: JournalVisibility;

  @MayBeOmitted()
  @IsArray()
  @ArrayMaxSize(10, { message: 'Embed at most 10 listings or spots.' })
  @ValidateNested({ each: true })
  @Type(() => EmbedRefDto)
  embeds?: EmbedRefDto[];
}

// The title is declared in each subclass: class-validator merges a parent's rules into the child, so an optional
// title on a shared parent would make the create form's title optional too.
export class JournalPostDto extends JournalPostBodyDto {
  @MayBeOmitted()
  @TextBetween(1, 160, 'The title must be 1 to 160 characters.')
  title?: string;
}

export class CreateJournalPostDto extends JournalPostBodyDto {
  @TextBetween(1, 160, 'The title must be 1 to 160 characters.')
  title!: string;
}

export class PublishDto {
  /** When to publish (ISO 8601); now when left out or null. */
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'Give a date and time like 2026-12-01T09:00:00Z.' })
  publish_at?: string | null;
}

export class CommentDto {
  @TextBetween(1, 10_000, 'A comment is 1 to 10,000 characters.')
  body_html!: string;
}

export class JournalFeedQueryDto extends KeysetQueryDto {}
