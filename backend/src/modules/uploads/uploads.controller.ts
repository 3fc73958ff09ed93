import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Res, UploadedFile as UploadedPart, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-fastify/multipart';
import {
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiExcludeEndpoint,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiSecurity,
  ApiTags,
} from '@nestjs/swagger';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';
import { NO_COMPRESSION } from '../../common/http/compression';
import { type AuthUser, CurrentUser, Public } from '../../common/auth/auth-user';
import { RequestLanguage } from '../../common/http/request-language';
import type { Language } from '../../common/i18n/language';
import { ApiAuthErrors, ApiForbidden, ApiNotFound, ApiThrottled, ApiValidationErrors } from '../../common/http/api-responses';
import { IdParamPipe } from '../../common/http/id-param.pipe';
import { pageWindow, parseId } from '../../common/http/paging';
import type { StoredObject } from '../../storage/file-storage';
import { UploadsService } from './uploads.service';
import { FileIdDto, S3UrlResponse, UploadedFileResponse, UploadFieldsDto } from './dto/upload.dto';
import type { UploadedFileRow } from './uploaded-file-sql';
import { ProfileRequiredGuard } from '../../common/access/profile-required.guard';
import type { StreamedUpload } from './upload-storage';
import { DATA_FILE_MIME_TYPES, downloadName } from './generation/file-types';
import type { DataFileKind } from './generation/types';

/** `name` is a download name (downloadName: no control or format characters, the detected type's extension). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The stored bytes as they are: the routes sending files are left out of compression (NO_COMPRESSION). */
async function sendFile(reply: FastifyReply, file: UploadedFileRow, object: StoredObject): Promise<void> {
  reply.header('Content-Type', file.mimeType);
  reply.header('Content-Disposition', contentDisposition(downloadName(file.fileName, file.kind as DataFileKind)));
  reply.header('Content-Length', String(object.size ?? file.sizeBytes));
  reply.header('Cache-Control', 'private, no-store');
  reply.header('X-Content-Type-Options', 'nosniff');
  await reply.send(object.stream);
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
  @ApiThrottled() // the user's daily upload quota (UPLOAD_DAILY_FILES, UPLOAD_DAILY_BYTES)
  upload(
    @CurrentUser() user: AuthUser,
    @Body() dto: UploadFieldsDto,
    @UploadedPart() file: StreamedUpload | undefined,
    @RequestLanguage() language: Language | undefined,
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
    return this.books.uploadedBy(parseId(userId, 'user_id'), page);
  }

  @Post('download')
  @RouteConfig(NO_COMPRESSION)
  @HttpCode(HttpStatus.OK)
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'downloadFile', summary: 'The data file itself (owners, contributors, or free Books)' })
  @ApiProduces(...DATA_FILE_MIME_TYPES)
  @ApiOkResponse({
    description:
      'The file as it was uploaded (a CSV keeps its own encoding: UTF-8, Shift_JIS…, so no charset is claimed); Content-Type names its type, Content-Disposition its name.',
    schema: { type: 'string', format: 'binary' },
  })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  async download(@CurrentUser() user: AuthUser, @Body() dto: FileIdDto, @Res() reply: FastifyReply): Promise<void> {
    const { file, object } = await this.books.open(user, dto.file_id);
    await sendFile(reply, file, object);
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
  @RouteConfig(NO_COMPRESSION)
  @Public()
  @ApiExcludeEndpoint()
  async signedContent(@Param('id', IdParamPipe) id: number, @Query('token') token: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    const { file, object } = await this.books.openSigned(id, token);
    await sendFile(reply, file, object);
  }
}
