import { Controller, Get, HttpCode, HttpStatus, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { Public } from '../../common/auth/auth-user';

class HealthResponse {
  status: string;
}

@ApiTags('operations')
@Controller()
export class HealthController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('healthz')
  @Public()
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ operationId: 'healthz', summary: 'Liveness: the process answers' })
  @ApiOkResponse({ schema: { type: 'object', properties: { status: { type: 'string', example: 'ok' } } } })
  healthz(): HealthResponse {
    return { status: 'ok' };
  }

  @Get('readyz')
  @Public()
  @ApiOperation({ operationId: 'readyz', summary: 'Readiness: the database answers' })
  @ApiOkResponse({ schema: { type: 'object', properties: { status: { type: 'string', example: 'ok' } } } })
  @ApiServiceUnavailableResponse({ schema: { type: 'object', properties: { status: { type: 'string', example: 'unavailable' } } } })
  async readyz(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthResponse> {
    try {
      if (!this.dataSource.isInitialized) throw new Error('not connected');
      await this.dataSource.query('SELECT 1');
      return { status: 'ok' };
    } catch {
      reply.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'unavailable' };
    }
  }
}
