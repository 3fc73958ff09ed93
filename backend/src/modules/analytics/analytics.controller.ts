import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser } from '../../common/auth/auth-user';
import { ApiAuthErrors, ApiForbidden } from '../../common/http/api-responses';
import { AnalyticsService } from './analytics.service';
import { AnalyticsResponse } from './dto/analytics.dto';

@ApiTags('analytics')
@Controller()
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  @Get('analytics')
  @ApiSecurity('token')
  @ApiOperation({
    operationId: 'analytics',
    summary: "The caller's Books in numbers (enterprise plan only)",
    description:
      'For the Books the caller owns or contributed a data file to: views per day (30 days), followers by sex, posts and average rating per month (12 months) and sales. ' +
      'Accounts on another plan get 403 ("Analytics are available on the enterprise plan only."), visitors 401. Sales per month over 12 months (in yen); `sales.available` is false (and the series empty) where payments are off.',
  })
  @ApiOkResponse({ type: AnalyticsResponse })
  @ApiAuthErrors()
  @ApiForbidden()
  figures(@CurrentUser() viewer: AuthUser): Promise<AnalyticsResponse> {
    return this.analytics.of(viewer);
  }
}
