import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsBoolean, IsString, MaxLength } from 'class-validator';
import { MayBeOmitted } from './validation';

// Fields every kind of group (channels, societies) takes. applyDecorators applies in list order, the reverse of
// stacked decorators: the lists read bottom-up, so the checks register as they did when stacked on each field.

/** The fields of a group's form other than its name and the kind's own (visibility...): its description. */
export class GroupDetailsDto {
  @MayBeOmitted()
  @IsString()
  @MaxLength(1000, { message: 'The description may be at most 1,000 characters.' })
  description?: string;
}

/**
 * The options of a group's name check, `@IsString() @Length(3, 80, GROUP_NAME)` (the numbers stay on the field: the
 * OpenAPI plugin reads them from there). The name is declared in each subclass (with `@MayBeOmitted()` on update):
 * class-validator merges a parent's rules into the child, so an optional name on a shared parent would make the
 * create form's name optional too.
 */
export const GROUP_NAME = { message: 'The name must be 3 to 80 characters.' };

/** `?mine=`, only the groups the caller belongs to: true/1 or false/0, anything else answers 422. */
export const MineFlag = () =>
  applyDecorators(
    IsBoolean({ message: 'mine is true or false.' }),
    Transform(({ value }) =>
      value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value,
    ),
    MayBeOmitted(),
  );
