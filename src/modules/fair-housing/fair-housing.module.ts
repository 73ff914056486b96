import { Module } from '@nestjs/common';
import { FairHousingController } from './fair-housing.controller';

/** Fair-housing care: a phrase list that warns realtors about listing descriptions (never blocks). */
@Module({ controllers: [FairHousingController] })
export class FairHousingModule {}
