import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { PolicyChecks, PolicyGuard } from './policy-checks';

/** The named policy checks routes run before their body is read (see policy-checks.ts); global like the Clock. */
@Global()
@Module({ imports: [DiscoveryModule], providers: [PolicyChecks, PolicyGuard], exports: [PolicyChecks, PolicyGuard] })
export class PoliciesModule {}
