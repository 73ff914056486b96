import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsISO8601, IsOptional, IsUUID } from 'class-validator';
import { Text, Trim } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';
import type { TourMode, TourSide } from '../../../contracts/tours';

const TIMES_MESSAGE = 'Offer one to three times (ISO 8601, with a time zone).';

/** POST /api/tours: a buyer asks for a tour of a listing at one to three times. */
export class RequestTourDto {
  @IsUUID('all', { message: 'Choose a listing.' }) property_id!: string;
  @IsIn(['in_person', 'video'], { message: 'Choose an in-person or a video tour.' }) mode!: TourMode;
  @IsArray({ message: TIMES_MESSAGE })
  @ArrayMinSize(1, { message: TIMES_MESSAGE })
  @ArrayMaxSize(3, { message: TIMES_MESSAGE })
  @IsISO8601({ strict: true }, { each: true, message: TIMES_MESSAGE })
  times!: string[];
  @IsOptional() @Trim() @Text(1000) message?: string | null;
}

/** POST /api/tours/{id}/confirm: one of the times the other side offered. */
export class ConfirmTourDto {
  @IsISO8601({ strict: true }, { message: 'Choose one of the offered times.' }) time!: string;
}

/** POST /api/tours/{id}/propose: other times (the realtor offers one, the buyer up to three). */
export class ProposeTourDto {
  @IsArray({ message: TIMES_MESSAGE })
  @ArrayMinSize(1, { message: TIMES_MESSAGE })
  @ArrayMaxSize(3, { message: TIMES_MESSAGE })
  @IsISO8601({ strict: true }, { each: true, message: TIMES_MESSAGE })
  times!: string[];
}

export class DeclineTourDto {
  @IsOptional() @Trim() @Text(500) reason?: string | null;
}

export class ToursPageQueryDto extends PageQueryDto {
  @MayBeOmitted() @IsIn(['buyer', 'realtor'], { message: 'Choose buyer or realtor.' }) side?: TourSide;

  /** The realtor's side by default for realtors, the buyer's otherwise. */
  currentSide(userType: string): TourSide {
    return this.side ?? (userType === 'realtor' ? 'realtor' : 'buyer');
  }
}
