import { IsIn, IsUUID } from 'class-validator';
import { IntBetween, TextBetween } from '../../../common/dto-fields';
import { MayBeOmitted } from '../../../common/validation';
import { ARENA_CATEGORIES, type ArenaCategory } from '../../../contracts/arena';

export class CreateSquadDto {
  @TextBetween(2, 60, 'Name the squad (2 to 60 characters).')
  name!: string;

  /** A team of yours: only its members may join. Leave out for an ad-hoc squad anyone may join. */
  @MayBeOmitted()
  @IsUUID('4', { message: 'Pick one of your teams.' })
  team_id?: string;
}

export class DeclareWarDto {
  @IsUUID('4', { message: 'Pick your squad.' })
  squad_id!: string;

  @IsUUID('4', { message: 'Pick the squad to challenge.' })
  opponent_id!: string;

  @IsIn(ARENA_CATEGORIES, { message: 'Pick one of the arena categories.' })
  category!: ArenaCategory;

  /** Preparation (lineups) in minutes, 1 to 1440 (default 60). */
  @MayBeOmitted()
  @IntBetween(1, 1440, {
    notInt: 'Preparation is a whole number of minutes.',
    below: 'Preparation lasts at least a minute.',
    above: 'Preparation lasts at most a day.',
  })
  prep_minutes?: number;

  /** The battle phase (attacks and votes) in minutes, 10 to 2880 (default 240). */
  @MayBeOmitted()
  @IntBetween(10, 2880, {
    notInt: 'The battle phase is a whole number of minutes.',
    below: 'The battle phase lasts at least 10 minutes.',
    above: 'The battle phase lasts at most two days.',
  })
  battle_minutes?: number;
}

export class LineupDto {
  @IsUUID('4', { message: 'Pick one of your entries.' })
  entry_id!: string;
}

export class AttackDto {
  @IsUUID('4', { message: "Pick an entry of the other squad's lineup." })
  target_entry_id!: string;
}
