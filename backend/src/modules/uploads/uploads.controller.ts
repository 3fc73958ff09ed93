import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res, UploadedFile as UploadedPart, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiProduces, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { type AuthUser, CurrentUser, Public } from '../../common/auth/auth-user';
import { RequestLanguage } from '../../common/http/request-language';
import { ApiAuthErrors, ApiForbidden, ApiNotFound, ApiValidationErrors } from '../../common/http/api-responses';
import { IdParamPipe } from '../../common/http/id-param.pipe';
import { pageWindow, parseId } from '../../common/http/paging';
import type { StoredObject } from '../../storage/file-storage';
import { UploadsService } from './uploads.service';
import { FileIdDto, S3UrlResponse, UploadedFileResponse, UploadFieldsDto } from './dto/upload.dto';
import type { UploadedFile } from './entities/uploaded-file.entity';
import { ProfileRequiredGuard } from '../../common/access/profile-required.guard';
import type { StreamedUpload } from './upload-storage';

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

async function sendFile(res: Response, file: UploadedFile, object: StoredObject): Promise<void> {
  res.setHeader('Content-Type', file.mimeType);
  res.setHeader('Content-Disposition', contentDisposition(file.fileName));
  res.setHeader('Content-Length', String(object.size ?? file.sizeBytes));
  res.setHeader('Cache-Control', 'private, no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  await pipeline(object.stream, res);
}

@ApiTags('books')
@Controller()
export class UploadsController {
  constructor(private readonly books: UploadsService) {}

  @Post('upload')
  @ApiSecurity('token')
  @UseGuards(ProfileRequiredGuard)
  @UseInterceptors(FileInterceptor('file'))
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: UploadFieldsDto })
  @ApiOperation({
    operationId: 'uploadData',
    summary: 'Post a data file; a Book is generated from it in the background',
    description: 'Answers at once with the file in state `pending`; `uploadedfiles/` shows when the Book is ready.',
  })
  @ApiCreatedResponse({ type: UploadedFileResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  upload(
    @CurrentUser() user: AuthUser,
    @Body() dto: UploadFieldsDto,
    @UploadedPart() file: StreamedUpload | undefined,
    @RequestLanguage() language: 'ja' | 'en' | undefined,
  ): Promise<UploadedFileResponse> {
    // The Book is written in the uploader's UI language (Accept-Language), else their account's.
    return this.books.accept(user, dto, file, language ?? user.language);
  }

  @Get('uploadedfiles')
  @Public()
  @ApiOperation({ operationId: 'listUploadedFiles', summary: "A user's uploaded data files, newest first, with their generation state" })
  @ApiQuery({ name: 'user_id', type: Number, required: true })
  @ApiQuery({ name: 'count', type: Number, required: false, description: 'Page index from 0; 10 per page.' })
  @ApiOkResponse({ type: [UploadedFileResponse] })
  @ApiValidationErrors()
  uploaded(@Query('user_id') userId?: string, @Query('count') count?: string): Promise<UploadedFileResponse[]> {
    const page = pageWindow(count);
    return this.books.uploadedBy(parseId(userId, 'user_id'), page.offset, page.limit);
  }

  @Post('download')
  @HttpCode(HttpStatus.OK)
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'downloadFile', summary: 'The data file itself (owners, contributors, or free Books)' })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: 'The file; Content-Type names its type, Content-Disposition its name.', schema: { type: 'string', format: 'binary' } })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  async download(@CurrentUser() user: AuthUser, @Body() dto: FileIdDto, @Res() res: Response): Promise<void> {
    const { file, object } = await this.books.open(user, dto.file_id);
    await sendFile(res, file, object);
  }

  @Post('get_s3_url')
  @HttpCode(HttpStatus.OK)
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'getFileUrl', summary: 'A direct download URL valid for at most 5 minutes' })
  @ApiOkResponse({ type: S3UrlResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  async url(@CurrentUser() user: AuthUser, @Body() dto: FileIdDto): Promise<S3UrlResponse> {
    return { s3_url: await this.books.downloadUrl(user, dto.file_id) };
  }

  @Get('files/:id/content')
  @Public()
  @ApiExcludeEndpoint()
  async signedContent(@Param('id', IdParamPipe) id: number, @Query('token') token: string | undefined, @Res() res: Response): Promise<void> {
    const { file, object } = await this.books.openSigned(id, token);
    await sendFile(res, file, object);
  }
}
