import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { NOTIFICATIONS_MAX_LIMIT } from '../notifications.constants';

export class ListNotificationsDto {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(NOTIFICATIONS_MAX_LIMIT) limit?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) page?: number;
}
