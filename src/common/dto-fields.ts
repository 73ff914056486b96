import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import {
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  type ValidationOptions,
} from 'class-validator';

/**
 * Field decorators for the validator stacks DTOs repeat. Each one is exactly the stack it names, in the same order,
 * so the checks run (and the first failure's message is chosen) as when the stack was written out. Whether a field
 * may be left out stays beside it: `@IsOptional()` (absent or null skip the checks) or `@MayBeOmitted()` (absent
 * skips, null is refused).
 */

/**
 * Applies decorators as if written one above the other in this order. TypeScript applies stacked decorators from
 * the lowest up (and class-validator runs its checks in that order), whereas applyDecorators applies its list first
 * to last, hence the reversal.
 */
const stacked = (...decorators: PropertyDecorator[]) => applyDecorators(...[...decorators].reverse());

/** The static method the @nestjs/swagger CLI plugin adds to each DTO class: its properties' OpenAPI metadata. */
const PLUGIN_METADATA = '_OPENAPI_METADATA_FACTORY';
type PluginMetadata = () => Record<string, Record<string, unknown>>;

/** OpenAPI keys the plugin writes after those of `@Min`/`@Max`/`@MaxLength` (formats, patterns, array sizes). */
const AFTER_BOUNDS = ['minItems', 'uniqueItems', 'format', 'pattern', 'maxItems', 'multipleOf'];
/** ...and after those of `@Length`: the pattern of `@Matches`. */
const AFTER_LENGTH = ['pattern'];

/**
 * Adds the OpenAPI keys the @nestjs/swagger plugin reads off `@Min`/`@Max`/`@MaxLength`/`@Length` written on a
 * property, which it cannot see inside these decorators, to the plugin's own metadata of the property, in the place
 * the plugin puts them (`@ApiProperty` would add them too, but registers the property early, moving it ahead of the
 * others in the document). Without the plugin (tests) there is nothing to add to.
 */
const documented =
  (keys: Record<string, number>, writtenAfter: string[]): PropertyDecorator =>
  (target, property) => {
    const model = target.constructor as unknown as Record<string, PluginMetadata | undefined>;
    const metadata = Object.prototype.hasOwnProperty.call(model, PLUGIN_METADATA) ? model[PLUGIN_METADATA] : undefined;
    if (!metadata || typeof property !== 'string') return;
    model[PLUGIN_METADATA] = () => {
      const properties = metadata();
      const written = Object.entries(properties[property] ?? {});
      const after = written.filter(([key]) => writtenAfter.includes(key));
      const before = written.filter(([key]) => !writtenAfter.includes(key));
      properties[property] = Object.fromEntries([...before, ...Object.entries(keys), ...after]);
      return properties;
    };
  };

const message = (text?: string) => (text === undefined ? undefined : { message: text });

const trimString = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** `@Transform(trim)`: trims a string before validation (other values pass through for the checks to judge). */
export const Trim = () => Transform(trimString);

/** `@IsString() @MaxLength(max)`: a string of at most `max` characters (`tooLong`: MaxLength's message). */
export const Text = (max: number, tooLong?: string) =>
  stacked(IsString(), MaxLength(max, message(tooLong)), documented({ maxLength: max }, AFTER_BOUNDS));

/** `@IsString() @IsNotEmpty() @MaxLength(max)`: a non-empty string of at most `max` characters. */
export const FilledText = (max: number, empty?: string) =>
  stacked(IsString(), IsNotEmpty(message(empty)), MaxLength(max), documented({ maxLength: max }, AFTER_BOUNDS));

/** `@IsString() @Length(min, max)`: a string of `min` to `max` characters (`wrongLength`: Length's message). */
export const TextBetween = (min: number, max: number, wrongLength?: string) =>
  stacked(
    IsString(),
    Length(min, max, message(wrongLength)),
    documented({ minLength: min, maxLength: max }, AFTER_LENGTH),
  );

/** A range's messages: one for any failure, or each optional: not of the type, under `min`, over `max`. */
type RangeMessages<NotOfType extends string> = string | Partial<Record<NotOfType | 'below' | 'above', string>>;

/** The type check (given its options), then `@Min(min)` and `@Max(max)`. */
const range = <NotOfType extends string>(
  typeCheck: (options?: ValidationOptions) => PropertyDecorator,
  notOfType: NotOfType,
  min: number,
  max: number,
  messages: RangeMessages<NotOfType>,
) => {
  const of = (check: NotOfType | 'below' | 'above') =>
    message(typeof messages === 'string' ? messages : messages[check]);
  return stacked(
    typeCheck(of(notOfType)),
    Min(min, of('below')),
    Max(max, of('above')),
    documented({ minimum: min, maximum: max }, AFTER_BOUNDS),
  );
};

/** `@IsInt() @Min(min) @Max(max)`: a whole number from `min` to `max`. */
export const IntBetween = (min: number, max: number, messages: RangeMessages<'notInt'> = {}) =>
  range((options) => IsInt(options), 'notInt', min, max, messages);

/** `@IsNumber() @Min(min) @Max(max)`: a number from `min` to `max`. */
export const NumberBetween = (min: number, max: number, messages: RangeMessages<'notNumber'> = {}) =>
  range((options) => IsNumber({}, options), 'notNumber', min, max, messages);

/** `@IsNumber() @Min(-90) @Max(90)`: a latitude in degrees. */
export const Latitude = (notNumber?: string) => NumberBetween(-90, 90, { notNumber });

/** `@IsNumber() @Min(-180) @Max(180)`: a longitude in degrees. */
export const Longitude = (notNumber?: string) => NumberBetween(-180, 180, { notNumber });
