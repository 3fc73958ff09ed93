import type { UploadedMultipartFile } from '@nestjs/platform-fastify/multipart';
import { AccountRateLimited } from '../../common/http/rate-limit';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-fastify/multipart';
import { ApiConsumes, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiQuery, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { type AuthUser, CurrentUser, Public } from '../../common/auth/auth-user';
import { ApiAuthErrors, ApiThrottled, ApiForbidden, ApiNotFound, ApiValidationErrors } from '../../common/http/api-responses';
import { IdParamPipe } from '../../common/http/id-param.pipe';
import { pageWindow, parseId } from '../../common/http/paging';
import {
  CombinedItem,
  CommentResponse,
  CommentsResponse,
  CreateCommentDto,
  CreatePostDto,
  PostInteractionsResponse,
  PostListResponse,
  PostResponse,
  UpdatePostDto,
} from './dto/post.dto';
import { FeedsService } from './feeds.service';
import { PostComments } from './post-comments';
import { PostsService } from './posts.service';

const CountQuery = () => ApiQuery({ name: 'count', type: Number, required: false, description: 'Page index from 0; 10 per page.' });
// Size limits come from MulterModule in posts.module.ts (IMAGE_MAX_BYTES).
const IMAGE = FileInterceptor('img');

@ApiTags('posts')
@Controller()
export class PostsController {
  constructor(
    private readonly posts: PostsService,
    private readonly feeds: FeedsService,
    private readonly postComments: PostComments,
  ) {}

  @Post('monopost')
  @ApiSecurity('token')
  @AccountRateLimited('post')
  @ApiThrottled()
  @UseInterceptors(IMAGE)
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ operationId: 'createPost', summary: 'Post, review a Book (rating 5–100, step 5, with reviewTo), or repost (reposting, repostingFrom)' })
  @ApiCreatedResponse({ type: PostResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  create(@CurrentUser() viewer: AuthUser, @Body() dto: CreatePostDto, @UploadedFile() img?: UploadedMultipartFile): Promise<PostResponse> {
    return this.posts.create(viewer, dto, img);
  }

  @Get('monopost')
  @Public()
  @ApiOperation({ operationId: 'listPosts', summary: 'The newest posts (circle posts left out)' })
  @CountQuery()
  @ApiOkResponse({ type: [PostResponse] })
  @ApiValidationErrors()
  list(@Query('count') count?: string, @CurrentUser() viewer?: AuthUser): Promise<PostResponse[]> {
    return this.feeds.newest(pageWindow(count), viewer);
  }

  @Get('monopost/:id')
  @Public()
  @ApiOperation({ operationId: 'getPost', summary: 'One post' })
  @ApiOkResponse({ type: PostResponse })
  @ApiNotFound()
  get(@Param('id', IdParamPipe) id: number, @CurrentUser() viewer?: AuthUser): Promise<PostResponse> {
    return this.posts.get(viewer, id);
  }

  @Put('monopost/:id')
  @ApiSecurity('token')
  @UseInterceptors(IMAGE)
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({
    operationId: 'updatePost',
    summary: 'The author changes text, rating, image or flags; anyone logged in likes or unlikes as themselves through liked',
    description:
      "Only the fields sent change. Changing another field than `liked` on someone else's post, or naming another user in `liked`, is refused (403).",
  })
  @ApiOkResponse({ type: PostResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  update(
    @CurrentUser() viewer: AuthUser,
    @Param('id', IdParamPipe) id: number,
    @Body() dto: UpdatePostDto,
    @UploadedFile() img?: UploadedMultipartFile,
  ): Promise<PostResponse> {
    return this.posts.update(viewer, id, dto, img);
  }

  @Delete('monopost/:id')
  @ApiSecurity('token')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ operationId: 'deletePost', summary: 'Delete a post (author only), with its comments, likes and reposts' })
  @ApiNoContentResponse()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  async remove(@CurrentUser() viewer: AuthUser, @Param('id', IdParamPipe) id: number): Promise<void> {
    await this.posts.remove(viewer, id);
  }

  @Delete('delete-repost/:id/delete_repost')
  @ApiSecurity('token')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ operationId: 'deleteRepost', summary: "Take back the caller's repost of post id (or of its original when id is a repost)" })
  @ApiNoContentResponse()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  async deleteRepost(@CurrentUser() viewer: AuthUser, @Param('id', IdParamPipe) id: number): Promise<void> {
    await this.posts.deleteRepost(viewer, id);
  }

  @Get('post-interactions/:id')
  @Public()
  @ApiOperation({ operationId: 'getPostInteractions', summary: 'Whether the caller liked, reposted and commented on a post (all false for a visitor)' })
  @ApiOkResponse({ type: PostInteractionsResponse })
  @ApiNotFound()
  interactions(@Param('id', IdParamPipe) id: number, @CurrentUser() viewer?: AuthUser): Promise<PostInteractionsResponse> {
    return this.posts.interactions(viewer, id);
  }

  @Post('monocomment')
  @ApiSecurity('token')
  @AccountRateLimited('comment')
  @ApiThrottled()
  @ApiOperation({ operationId: 'createComment', summary: 'Comment on a post' })
  @ApiCreatedResponse({ type: CommentResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  comment(@CurrentUser() viewer: AuthUser, @Body() dto: CreateCommentDto): Promise<CommentResponse> {
    return this.postComments.comment(viewer, dto);
  }

  @Delete('monocomment/:id')
  @ApiSecurity('token')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ operationId: 'deleteComment', summary: 'Delete a comment (author only)' })
  @ApiNoContentResponse()
  @ApiAuthErrors()
  @ApiForbidden()
  @ApiNotFound()
  async deleteComment(@CurrentUser() viewer: AuthUser, @Param('id', IdParamPipe) id: number): Promise<void> {
    await this.postComments.remove(viewer, id);
  }

  @Get('monocomment-nonlogin/post-comments')
  @Public()
  @ApiOperation({ operationId: 'listPostComments', summary: 'Comments of a post, oldest first, with their authors' })
  @ApiQuery({ name: 'post_id', type: Number, required: true })
  @CountQuery()
  @ApiOkResponse({ type: CommentsResponse })
  @ApiValidationErrors()
  @ApiNotFound()
  comments(@Query('post_id') postId?: string, @Query('count') count?: string, @CurrentUser() viewer?: AuthUser): Promise<CommentsResponse> {
    return this.postComments.thread(viewer, parseId(postId, 'post_id'), pageWindow(count));
  }

  @Get('postcc')
  @Public()
  @ApiOperation({ operationId: 'listHomePosts', summary: 'Home feed: own posts, followed users, posts about followed Books (all posts for a visitor)' })
  @CountQuery()
  @ApiOkResponse({ type: PostListResponse })
  @ApiValidationErrors()
  home(@Query('count') count?: string, @CurrentUser() viewer?: AuthUser): Promise<PostListResponse> {
    return this.feeds.home(viewer, pageWindow(count));
  }

  @Get('userpostcc')
  @Public()
  @ApiOperation({ operationId: 'listUserPosts', summary: "A user's posts and reposts" })
  @ApiQuery({ name: 'user_id', type: Number, required: true })
  @CountQuery()
  @ApiOkResponse({ type: PostListResponse })
  @ApiValidationErrors()
  ofUser(@Query('user_id') userId?: string, @Query('count') count?: string, @CurrentUser() viewer?: AuthUser): Promise<PostListResponse> {
    return this.feeds.ofUser(parseId(userId, 'user_id'), pageWindow(count), viewer);
  }

  @Get('monopostcc')
  @Public()
  @ApiOperation({ operationId: 'listBookPosts', summary: 'Posts about a Book; aggregate.rating__sum sums its review ratings' })
  @ApiQuery({ name: 'pageId', type: Number, required: true })
  @CountQuery()
  @ApiOkResponse({ type: PostListResponse })
  @ApiValidationErrors()
  ofBook(@Query('pageId') pageId?: string, @Query('count') count?: string, @CurrentUser() viewer?: AuthUser): Promise<PostListResponse> {
    return this.feeds.ofBook(parseId(pageId, 'pageId'), pageWindow(count), viewer);
  }

  @Get('likedpostscc/likedposts')
  @ApiSecurity('token')
  @ApiOperation({ operationId: 'listLikedPosts', summary: 'Posts the caller liked, latest like first' })
  @CountQuery()
  @ApiOkResponse({ type: PostListResponse })
  @ApiValidationErrors()
  @ApiAuthErrors()
  liked(@CurrentUser() viewer: AuthUser, @Query('count') count?: string): Promise<PostListResponse> {
    return this.feeds.liked(viewer, pageWindow(count));
  }

  @Get('combinedlist')
  @Public()
  @ApiOperation({ operationId: 'listCombined', summary: 'Discovery: new posts and Books, newest first (7 posts and 3 Books a page)' })
  @CountQuery()
  @ApiOkResponse({ type: [CombinedItem] })
  @ApiValidationErrors()
  combined(@Query('count') count?: string): Promise<CombinedItem[]> {
    return this.feeds.discovery(undefined, pageWindow(count).index);
  }

  @Get('loggedincombinedlist')
  @ApiSecurity('token')
  @ApiOperation({
    operationId: 'listCombinedLoggedIn',
    summary: "Discovery for the caller: new posts and Books, without the caller's own, followed users' posts, and followed or owned Books",
  })
  @CountQuery()
  @ApiOkResponse({ type: [CombinedItem] })
  @ApiValidationErrors()
  @ApiAuthErrors()
  combinedLoggedIn(@CurrentUser() viewer: AuthUser, @Query('count') count?: string): Promise<CombinedItem[]> {
    return this.feeds.discovery(viewer, pageWindow(count).index);
  }
}
