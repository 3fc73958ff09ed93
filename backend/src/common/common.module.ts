import { Global, Module } from '@nestjs/common';
import { Signer } from './crypto/signer';

@Global()
@Module({ providers: [Signer], exports: [Signer] })
export class CommonModule {}
