import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { FairHousingCheckDto } from './dto/fair-housing.dto';
import { fairHousingWarnings } from './fair-housing.rules';

@Controller('api/fair-housing')
export class FairHousingController {
  /** Phrases in a listing description commonly flagged under fair-housing rules (warnings only). */
  @Post('check')
  @HttpCode(200)
  check(@Body() body: FairHousingCheckDto) {
    return { warnings: fairHousingWarnings(body.text) };
  }
}
