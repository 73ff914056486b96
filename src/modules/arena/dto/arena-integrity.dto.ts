import { IsIn } from 'class-validator';
import { PageQueryDto } from '../../../common/page-query.dto';
import { MayBeOmitted } from '../../../common/validation';
import type { FlagState } from '../../../contracts/arena';

export class FlagsQueryDto extends PageQueryDto {
  @MayBeOmitted()
  @IsIn(['open', 'excluded', 'dismissed'], { message: 'Show open, excluded or dismissed flags.' })
  state?: FlagState;

  currentState(): FlagState {
    return this.state ?? 'open';
  }
}

export class FlagDecisionDto {
  @IsIn(['exclude', 'dismiss'], { message: "Decide 'exclude' (drop the votes) or 'dismiss' (keep them)." })
  decision!: 'exclude' | 'dismiss';
}
