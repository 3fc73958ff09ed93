import { ApiProperty } from '@nestjs/swagger';

export class AttributeResponse {
  @ApiProperty()
  id: number;

  @ApiProperty({ example: '健康' })
  attributeName: string;

  @ApiProperty({ enum: ['ja', 'en'] })
  language: string;
}
