import { IsIn, IsUUID } from 'class-validator';
import { TextBetween } from '../../../common/dto-fields';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';
import { ARENA_CATEGORIES, type ArenaCategory, type EntryKind, type VoteChoice } from '../../../contracts/arena';

export class EnterDto {
  @IsIn(['design', 'spot'], { message: 'Enter a design or a spot.' })
  kind!: EntryKind;

  /** The design's id, or the spot's slug. */
  @TextBetween(1, 64, 'Name the design or spot to enter.')
  source!: string;

  @IsIn(ARENA_CATEGORIES, { message: 'Pick one of the arena categories.' })
  category!: ArenaCategory;
}

export class VoteDto {
  @IsIn(['left', 'right', 'tie', 'both_bad'], { message: 'Vote left, right, tie or both bad.' })
  choice!: VoteChoice;
}

export class NextBattleDto {
  @MayBeOmitted()
  @IsIn(ARENA_CATEGORIES, { message: 'Pick one of the arena categories.' })
  category?: ArenaCategory;
}

export class BoardQueryDto extends PageQueryDto {
  @MayBeOmitted()
  @IsIn(ARENA_CATEGORIES, { message: 'Pick one of the arena categories.' })
  category?: ArenaCategory;

  @MayBeOmitted()
  @IsUUID('4', { message: 'Pick a season.' })
  season_id?: string;
}

export class JoinQueueDto {
  @IsUUID('4', { message: 'Pick one of your entries.' })
  entry_id!: string;
}

export class RolloverDto {
  @TextBetween(1, 80, 'Name the new season (up to 80 characters).')
  name!: string;
}
