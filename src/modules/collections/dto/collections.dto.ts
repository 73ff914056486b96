import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { Trim } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';
import type { CollectionRole } from '../../../contracts/collections';
import { toBool } from '../../properties';

export class CollectionNameDto {
  @Trim()
  @IsString({ message: 'Name the collection.' })
  @MinLength(1, { message: 'Name the collection.' })
  @MaxLength(100)
  name!: string;
}

export class AddItemDto {
  @IsUUID('all', { message: 'Choose a listing.' }) property_id!: string;
}

export class CommentDto {
  @IsString({ message: 'Write a comment.' })
  @MinLength(1, { message: 'Write a comment.' })
  @MaxLength(2000)
  body!: string;
}

/** Share with a person by email or handle, to view or to edit. */
export class AddMemberDto {
  @Trim()
  @IsString({ message: 'Give their email or handle.' })
  @MinLength(1, { message: 'Give their email or handle.' })
  @MaxLength(255)
  who!: string;
  @IsIn(['view', 'edit'], { message: 'Choose view or edit.' }) role!: CollectionRole;
}

export class CollectionsPageQueryDto extends PageQueryDto {
  /** Only the collections the user may add listings to (the "Save to collection" picker). */
  @MayBeOmitted() @Transform(toBool) @IsBoolean({ message: 'Send true or false.' }) editable?: boolean;
}
