import { ArrayMaxSize, ArrayUnique, IsArray, IsUUID } from 'class-validator';
import { PROFILE_STICKERS_MAX } from '../profile-stickers.service';

export class ProfileStickersDto {
  /** The stickers to wear on the profile, in order (an empty list takes them all off). */
  @IsArray({ message: 'Choose the stickers to show.' })
  @ArrayMaxSize(PROFILE_STICKERS_MAX, { message: `At most ${PROFILE_STICKERS_MAX} stickers fit on a profile.` })
  @ArrayUnique({ message: 'Each sticker once.' })
  @IsUUID('all', { each: true, message: 'Choose a sticker.' })
  sticker_ids!: string[];
}
