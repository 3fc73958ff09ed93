import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Public } from '../../common/auth/auth-user';
import { ApiNotFound, ApiValidationErrors } from '../../common/http/api-responses';
import { IdParamPipe, notFound } from '../../common/http/id-param.pipe';
import { pageWindow } from '../../common/http/paging';
import { TagsService, checkLanguage } from './tags.service';
import { readerLanguage } from '../books/book.packer';
import { AttributeResponse } from './dto/attribute.dto';

@ApiTags('tags')
@Controller()
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  @Get('attributecc')
  @Public()
  @ApiOperation({ operationId: 'listAttributes', summary: 'Tags of a language, most used first, 10 per page' })
  @ApiQuery({ name: 'lan', enum: ['ja', 'en'] })
  @ApiQuery({ name: 'count', type: Number, required: false, description: 'Page index from 0.' })
  @ApiOkResponse({ type: [AttributeResponse] })
  @ApiValidationErrors()
  list(@Query('lan') lan?: string, @Query('count') count?: string): Promise<AttributeResponse[]> {
    return this.tags.page(checkLanguage(lan), pageWindow(count));
  }

  @Get('pageattribute/search')
  @Public()
  @ApiOperation({ operationId: 'searchAttributes', summary: 'Search tags of a language, 10 per page' })
  @ApiQuery({ name: 'q', required: false })
  @ApiQuery({ name: 'lan', enum: ['ja', 'en'] })
  @ApiQuery({ name: 'count', type: Number, required: false, description: 'Page index from 0.' })
  @ApiOkResponse({ type: [AttributeResponse] })
  @ApiValidationErrors()
  search(@Query('q') q?: string, @Query('lan') lan?: string, @Query('count') count?: string): Promise<AttributeResponse[]> {
    return this.tags.search(typeof q === 'string' ? q : undefined, checkLanguage(lan), pageWindow(count));
  }

  @Get('pageattribute/by-language/:lan')
  @Public()
  @ApiOperation({ operationId: 'listAttributesByLanguage', summary: 'Every tag of a language' })
  @ApiParam({ name: 'lan', enum: ['ja', 'en'] })
  @ApiOkResponse({ type: [AttributeResponse] })
  @ApiNotFound()
  byLanguage(@Param('lan') lan: string): Promise<AttributeResponse[]> {
    if (lan !== 'ja' && lan !== 'en') throw notFound();
    return this.tags.all(lan);
  }

  @Get('pageattribute/by-monopage/:id')
  @Public()
  @ApiOperation({ operationId: 'listAttributesOfPage', summary: 'Tags of a Book' })
  @ApiOkResponse({ type: [AttributeResponse] })
  @ApiNotFound()
  byPage(@Param('id', IdParamPipe) id: number, @CurrentUser() viewer?: AuthUser): Promise<AttributeResponse[]> {
    // In the reader's language: the account's, else the client's (Accept-Language).
    return this.tags.ofPage(id, readerLanguage(viewer), viewer);
  }

  @Get('pageattribute/:id')
  @Public()
  @ApiOperation({ operationId: 'getAttribute', summary: 'A tag' })
  @ApiOkResponse({ type: AttributeResponse })
  @ApiNotFound()
  byId(@Param('id', IdParamPipe) id: number): Promise<AttributeResponse> {
    return this.tags.byId(id);
  }
}
