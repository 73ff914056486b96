import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsNumber, IsString, Max, MaxLength, Min } from 'class-validator';

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

/**
 * Adds the OpenAPI keys the @nestjs/swagger plugin reads off `@Min`/`@Max`/`@MaxLength` written on a property, which
 * it cannot see inside these decorators, to the plugin's own metadata of the property. (`@ApiProperty` would do it
 * too but registers the property early, moving it ahead of the others in the document.) Without the plugin (tests)
 * there is nothing to add to.
 */
const documented =
  (keys: { minimum?: number; maximum?: number; maxLength?: number }): PropertyDecorator =>
  (target, property) => {
    const model = target.constructor as unknown as Record<string, PluginMetadata | undefined>;
    const metadata = Object.prototype.hasOwnProperty.call(model, PLUGIN_METADATA) ? model[PLUGIN_METADATA] : undefined;
    if (!metadata || typeof property !== 'string') return;
    model[PLUGIN_METADATA] = () => {
      const properties = metadata();
      properties[property] = { ...properties[property], ...keys };
      return properties;
    };
  };

export const trimString = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Trims a string value before validation (other values pass through for the checks to judge). */
export const Trim = () => Transform(trimString);

/** `@IsString() @MaxLength(max)`: a string of at most `max` characters (`tooLong`: MaxLength's message). */
export const Text = (max: number, tooLong?: string) =>
  stacked(IsString(), MaxLength(max, tooLong ? { message: tooLong } : undefined), documented({ maxLength: max }));

/** `@IsString() @IsNotEmpty() @MaxLength(max)`: a non-empty string of at most `max` characters. */
export const FilledText = (max: number, empty?: string) =>
  stacked(
    IsString(),
    IsNotEmpty(empty ? { message: empty } : undefined),
    MaxLength(max),
    documented({ maxLength: max }),
  );

/** `@IsInt() @Min(min) @Max(max)`: a whole number from `min` to `max`. */
export const IntBetween = (min: number, max: number) =>
  stacked(IsInt(), Min(min), Max(max), documented({ minimum: min, maximum: max }));

/** `@IsNumber() @Min(min) @Max(max)`: a number from `min` to `max` (`notANumber`: IsNumber's message). */
export const NumberBetween = (min: number, max: number, notANumber?: string) =>
  stacked(
    IsNumber({}, notANumber ? { message: notANumber } : undefined),
    Min(min),
    Max(max),
    documented({ minimum: min, maximum: max }),
  );
