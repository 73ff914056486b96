import { Type } from 'class-transformer';
import { IsInt, IsOptional, Min } from 'class-validator';
import { IntBetween } from '../../../common/dto-fields';
import { NOTIFICATIONS_MAX_LIMIT } from '../notifications.constants';

export class ListNotificationsDto {
  @IsOptional() @Type(() => Number) @IntBetween(1, NOTIFICATIONS_MAX_LIMIT) limit?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) page?: number;
}
