import { Body, Controller, Get, Param, Post, Put, Query, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { FileFieldsInterceptor } from '@nestjs/platform-fastify/multipart';
import { type AuthUser, CurrentUser, Public } from '../../common/auth/auth-user';
import { ApiAuthErrors, ApiForbidden, ApiNotFound, ApiValidationErrors } from '../../common/http/api-responses';
import { IdParamPipe } from '../../common/http/id-param.pipe';
import { pageWindow, parseId } from '../../common/http/paging';
import { ProfileFieldsDto, ProfileResponse } from './dto/profile.dto';
import { type ProfileImages, ProfilesService } from './profiles.service';

const IMAGE_FIELDS = FileFieldsInterceptor(
  [
    { name: 'img', maxCount: 1 },
    { name: 'imgBackground', maxCount: 1 },
  ],
  // Size limits come from MulterModule in profiles.module.ts (IMAGE_MAX_BYTES).
);

@ApiTags('profiles')
@Controller()
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Get('myprofile')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'getMyProfile', summary: "The logged-in user's profile (404 until one is created)" })
  @ApiOkResponse({ type: ProfileResponse })
  @ApiAuthErrors()
  @ApiNotFound()
  myProfile(@CurrentUser() user: AuthUser): Promise<ProfileResponse> {
    return this.profiles.mine(user);
  }

  @Post('profile')
  @ApiSecurity('token')
  @UseInterceptors(IMAGE_FIELDS)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ operationId: 'createProfile', summary: 'Create the profile of the logged-in user' })
  @ApiCreatedResponse({ type: ProfileResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  create(@CurrentUser() user: AuthUser, @Body() dto: ProfileFieldsDto, @UploadedFiles() files: ProfileImages = {}): Promise<ProfileResponse> {
    return this.profiles.create(user, dto, files);
  }

  @Get('profile/newprofiles')
  @Public()
  @ApiOperation({ operationId: 'listNewProfiles', summary: 'The 10 newest profiles (not the caller)' })
  @ApiOkResponse({ type: [ProfileResponse] })
  newProfiles(@CurrentUser() user?: AuthUser): Promise<ProfileResponse[]> {
    return this.profiles.newest(user);
  }

  @Get('profile/search')
  @Public()
  @ApiOperation({ operationId: 'searchProfiles', summary: 'Search profiles by nickname and caption, 10 per page' })
  @ApiQuery({ name: 'q', required: false, description: 'Words to find (Japanese or English); empty lists the newest.' })
  @ApiQuery({ name: 'count', type: Number, required: false, description: 'Page index from 0.' })
  @ApiOkResponse({ type: [ProfileResponse] })
  @ApiValidationErrors()
  search(@Query('q') q?: string, @Query('count') count?: string, @CurrentUser() viewer?: AuthUser): Promise<ProfileResponse[]> {
    return this.profiles.search(typeof q === 'string' ? q : undefined, pageWindow(count), viewer);
  }

  @Get('profile/get-user-profile')
  @Public()
  @ApiOperation({ operationId: 'getUserProfile', summary: 'Profile of a user, by user id' })
  @ApiQuery({ name: 'user_id', type: Number, required: true })
  @ApiOkResponse({ type: ProfileResponse })
  @ApiValidationErrors()
  @ApiNotFound()
  byUserQuery(@Query('user_id') userId?: string): Promise<ProfileResponse> {
    return this.profiles.byUserId(parseId(userId, 'user_id'));
  }

  @Get('profile/detail/:id')
  @Public()
  @ApiOperation({ operationId: 'getProfileDetail', summary: 'Profile of a user, by user id' })
  @ApiOkResponse({ type: ProfileResponse })
  @ApiNotFound()
  detail(@Param('id', IdParamPipe) userId: number): Promise<ProfileResponse> {
    return this.profiles.byUserId(userId);
  }

  @Get('profile/:id')
  @Public()
  @ApiOperation({ operationId: 'getProfile', summary: 'A profile, by profile id' })
  @ApiOkResponse({ type: ProfileResponse })
  @ApiNotFound()
  byId(@Param('id', IdParamPipe) id: number): Promise<ProfileResponse> {
    return this.profiles.byId(id);
  }

  @Put('profile/:id')
  @ApiSecurity('token')
  @UseInterceptors(IMAGE_FIELDS)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ operationId: 'updateProfile', summary: 'Change the fields sent (owner only)' })
  @ApiOkResponse({ type: ProfileResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  update(
    @CurrentUser() user: AuthUser,
    @Param('id', IdParamPipe) id: number,
    @Body() dto: ProfileFieldsDto,
    @UploadedFiles() files: ProfileImages = {},
  ): Promise<ProfileResponse> {
    return this.profiles.update(user, id, dto, files);
  }
}
