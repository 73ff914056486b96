import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Redirect } from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { AlertSettingsDto, CreateSavedSearchDto, UpdateSavedSearchDto } from './dto/saved-searches.dto';
import { SavedSearchesService } from './saved-searches.service';
import { Authorize } from '../policies';

@Controller()
export class SavedSearchesController {
  constructor(private readonly saved: SavedSearchesService) {}

  @Get('api/market/saved-searches')
  async list(@CurrentUser() user: User) {
    return { saved_searches: await this.saved.list(user) };
  }

  @Post('api/market/saved-searches')
  @HttpCode(201)
  async create(@Body() body: CreateSavedSearchDto, @CurrentUser() user: User) {
    return { message: 'Search saved', saved_search: await this.saved.create(user, body) };
  }

  /** Rename a saved search or turn its alerts on or off. */
  @Patch('api/market/saved-searches/:id')
  @Authorize('saved-search.change')
  async update(@Param('id', UuidPipe) id: string, @Body() body: UpdateSavedSearchDto, @CurrentUser() user: User) {
    return { message: 'Saved search updated', saved_search: await this.saved.update(user, id, body) };
  }

  @Delete('api/market/saved-searches/:id')
  async remove(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    await this.saved.delete(user, id);
    return { message: 'Saved search deleted' };
  }

  /** How saved-search alerts are emailed: at once, in a daily digest, or not at all. */
  @Get('api/saved-searches/settings')
  settings(@CurrentUser() user: User) {
    return this.saved.settings(user);
  }

  @Put('api/saved-searches/settings')
  setSettings(@Body() body: AlertSettingsDto, @CurrentUser() user: User) {
    return this.saved.setSettings(user, body.email);
  }

  /** The one-click unsubscribe link shows a confirmation; only the POST below changes anything. */
  @Get('saved-searches/unsubscribe/:token')
  @Public()
  confirm(@Param('token') token: string) {
    this.saved.unsubscribeUser(token);
    return Inertia.render('SavedSearches/Unsubscribe', { token, done: false });
  }

  @Post('saved-searches/unsubscribe/:token')
  @Public()
  async unsubscribe(@Param('token') token: string) {
    await this.saved.unsubscribe(token);
    return Inertia.render('SavedSearches/Unsubscribe', { token, done: true });
  }

  /**
   * RFC 8058 one-click: the mail provider POSTs here (body `List-Unsubscribe=One-Click`, or none) with no session
   * and no anti-forgery token; the signed token in the path is the authentication (CSRF exempts `/unsubscribe/`).
   */
  @Post('unsubscribe/saved-searches/:token')
  @Public()
  @HttpCode(200)
  async oneClick(@Param('token') token: string) {
    await this.saved.unsubscribe(token);
    return { message: 'Unsubscribed from saved-search emails' };
  }

  /** A person who opens the List-Unsubscribe address gets the confirmation page (a GET changes nothing). */
  @Get('unsubscribe/saved-searches/:token')
  @Public()
  @Redirect()
  oneClickPage(@Param('token') token: string) {
    this.saved.unsubscribeUser(token);
    return { url: `/saved-searches/unsubscribe/${encodeURIComponent(token)}`, statusCode: 303 };
  }
}
