import { Controller, Get, HttpCode, HttpStatus, type OnModuleDestroy, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { Db } from '../../database/db';
import { Public } from '../../common/auth/auth-user';

class HealthResponse {
  status: string;
}

@ApiTags('operations')
@Controller()
export class HealthController implements OnModuleDestroy {
  /** The process is shutting down (SIGTERM): not ready, so a load balancer that polls stops sending. */
  private stopping = false;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly db: Db,
  ) {}

  onModuleDestroy(): void {
    this.stopping = true;
  }

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
      if (this.stopping || !this.dataSource.isInitialized) throw new Error('not ready');
      await this.db.row<{ ready: number }>('SELECT 1 AS ready');
      return { status: 'ok' };
    } catch {
      reply.status(HttpStatus.SERVICE_UNAVAILABLE);
      return { status: 'unavailable' };
    }
  }
}
