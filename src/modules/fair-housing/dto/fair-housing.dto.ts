import { IsString, MaxLength } from 'class-validator';

/** POST /api/fair-housing/check: a listing description to look over. */
export class FairHousingCheckDto {
  @IsString({ message: 'Send the description text.' }) @MaxLength(20000) text!: string;
}
